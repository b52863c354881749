import { z } from 'zod';
import { t } from '../messages/format.js';

/**
 * Spanish texts for zod's generic issues, so every input parsed by a contract explains itself to a
 * person. Schemas that carry a spec text of their own (`{ error: '...' }`) keep it.
 */
export const spanishZodErrors: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return t('validation.fieldRequired');
      if (issue.expected === 'int' || issue.expected === 'number') return t('validation.integer');
      return t('validation.invalidValue');
    case 'too_small':
      if (issue.origin === 'string') return t('validation.minLength', { min: Number(issue.minimum) });
      if (issue.origin === 'array') return t('validation.fieldRequired');
      return t('validation.min', { min: Number(issue.minimum) });
    case 'too_big':
      if (issue.origin === 'string') return t('validation.maxLength', { max: Number(issue.maximum) });
      return t('validation.max', { max: Number(issue.maximum) });
    case 'invalid_format':
      if (issue.format === 'email') return t('validation.email');
      if (issue.format === 'datetime' || issue.format === 'date') return t('validation.invalidDate');
      return t('validation.invalidValue');
    default:
      return t('validation.invalidValue');
  }
};

z.config({ customError: spanishZodErrors });

/**
 * The spec's required-field text ('¡Este campo es requerido!', 001 §5) for a missing value only: a value that
 * is there but wrong (too long, not a number) gets the text that says what is wrong with it.
 */
export const requiredField = {
  error: (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? t('validation.required') : undefined),
};
