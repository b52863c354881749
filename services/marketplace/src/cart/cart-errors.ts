import { t, type MessageKey, type MessageParams } from '@tuerca/contracts';
import { DomainError, ValidationError } from '@tuerca/platform';

/** A 400 with its Spanish text, on the field it concerns. */
export function invalid(key: MessageKey, params?: MessageParams, path?: string): ValidationError {
  const message = t(key, params);
  return new ValidationError([message], path ? [{ path, message }] : undefined);
}

/** 409: the answered quotation's purchase window is closed (or the quotation was never answered available). */
export function quotationWindowClosed(): DomainError {
  return new DomainError(409, 'Quotation window closed', [t('marketplace.quotationWindowClosed')]);
}
