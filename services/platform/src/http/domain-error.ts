import { ErrorCodes, t, type ErrorCode, type MessageKey, type MessageParams } from '@tuerca/contracts';

/**
 * A rule the request broke. `code` is the stable English message programs read (the spec's
 * 'Login required', 'Exhausted catalog inquiries', ...); `messages` are the Spanish texts for people.
 * One exception filter turns every DomainError into the error body.
 */
export class DomainError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | string,
    readonly messages: string[],
    readonly details?: { path: string; message: string }[],
  ) {
    super(`${code}: ${messages.join(' | ')}`);
    this.name = new.target.name;
  }

  static of(status: number, code: ErrorCode | string, key: MessageKey, params?: MessageParams): DomainError {
    return new DomainError(status, code, [t(key, params)]);
  }
}

export class ValidationError extends DomainError {
  constructor(messages: string[], details?: { path: string; message: string }[]) {
    super(400, ErrorCodes.VALIDATION_FAILED, messages, details);
  }
}

export class NotFoundError extends DomainError {
  constructor(message: string = t('errors.notFound')) {
    super(404, ErrorCodes.NOT_FOUND, [message]);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message: string = t('auth.forbidden')) {
    super(403, ErrorCodes.FORBIDDEN, [message]);
  }
}

/** The spec's `401 'Login required'` (the plate lookup answers 403 with the same code). */
export class LoginRequiredError extends DomainError {
  constructor(status: 401 | 403 = 401, message: string = t('session.loginRequired')) {
    super(status, ErrorCodes.LOGIN_REQUIRED, [message]);
  }
}

export class TooManyRequestsError extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, ErrorCodes.TOO_MANY_REQUESTS, [t('auth.tooManyAttempts', { minutes: Math.max(1, Math.ceil(retryAfterSeconds / 60)) })]);
  }
}

/**
 * A context this one needs did not answer (down, unreachable, too slow): 503 with the Spanish
 * 'servicio intermitente' text, never a 500. Consumers treat it as transient and wait it out.
 */
export class ServiceUnavailableError extends DomainError {
  constructor(
    readonly context: string,
    options?: { cause?: unknown },
  ) {
    super(503, ErrorCodes.SERVICE_UNAVAILABLE, [t('errors.serviceIntermittent')]);
    if (options?.cause !== undefined) (this as { cause?: unknown }).cause = options.cause;
  }
}
