import { Catch, HttpException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { ErrorCodes, t, type ErrorBody } from '@tuerca/contracts';
import { DomainError, TooManyRequestsError } from './domain-error.js';
import type { Logger } from '../logging/logger.js';

const STATUS_CODES: Record<number, { code: string; text: () => string }> = {
  400: { code: ErrorCodes.VALIDATION_FAILED, text: () => t('validation.invalidValue') },
  401: { code: ErrorCodes.LOGIN_REQUIRED, text: () => t('session.loginRequired') },
  403: { code: ErrorCodes.FORBIDDEN, text: () => t('auth.forbidden') },
  404: { code: ErrorCodes.NOT_FOUND, text: () => t('errors.notFound') },
  413: { code: ErrorCodes.VALIDATION_FAILED, text: () => t('validation.invalidValue') },
  415: { code: ErrorCodes.VALIDATION_FAILED, text: () => t('validation.jsonOnly') },
  429: { code: ErrorCodes.TOO_MANY_REQUESTS, text: () => t('errors.tooManyRequests') },
  503: { code: ErrorCodes.SERVICE_UNAVAILABLE, text: () => t('errors.serviceUnavailable') },
};

/**
 * The one place errors become HTTP: DomainError → its status, code and Spanish texts; zod failures and
 * malformed bodies → 400; anything unexpected → 500 with a generic Spanish text and a log line.
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const request = http.getRequest<FastifyRequest>();
    const body = this.toBody(exception, request);
    if (exception instanceof TooManyRequestsError) reply.header('retry-after', String(exception.retryAfterSeconds));
    void reply.status(body.statusCode).send(body);
  }

  toBody(exception: unknown, request: FastifyRequest): ErrorBody {
    const requestId = String(request.id);
    if (exception instanceof DomainError) {
      return { statusCode: exception.status, message: exception.code, errors: exception.messages, details: exception.details, requestId };
    }
    if (exception instanceof ZodError) {
      const details = exception.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
      return {
        statusCode: 400,
        message: ErrorCodes.VALIDATION_FAILED,
        errors: [...new Set(details.map((d) => d.message))],
        details,
        requestId,
      };
    }
    const input = inputRefusedByDatabase(exception);
    if (input) {
      // A value the checks let through and PostgreSQL refuses is still the caller's bad input, never a 500.
      this.logger.warn({ reqId: requestId, sqlState: input.sqlState }, 'input refused by the database');
      return { statusCode: 400, message: ErrorCodes.VALIDATION_FAILED, errors: [t(input.text)], requestId };
    }
    const status = httpStatusOf(exception);
    if (status && status < 500) {
      const known = STATUS_CODES[status] ?? STATUS_CODES[400]!;
      const text = status === 400 && isJsonError(exception) ? t('validation.invalidJson') : known.text();
      return { statusCode: status, message: known.code, errors: [text], requestId };
    }
    if (status === 503) {
      return { statusCode: 503, message: ErrorCodes.SERVICE_UNAVAILABLE, errors: [t('errors.serviceUnavailable')], requestId };
    }
    this.logger.error(
      { reqId: requestId, err: exception instanceof Error ? { message: exception.message, stack: exception.stack } : exception },
      'unhandled error',
    );
    return { statusCode: 500, message: ErrorCodes.INTERNAL_ERROR, errors: [t('errors.unexpected')], requestId };
  }
}

/** PostgreSQL's answers to input it cannot hold: numeric_value_out_of_range, NUL (character_not_in_repertoire, untranslatable_character). */
const INPUT_SQL_STATES: Record<string, 'validation.outOfRange' | 'validation.nulCharacter'> = {
  '22003': 'validation.outOfRange',
  '22021': 'validation.nulCharacter',
  '22P05': 'validation.nulCharacter',
};

function inputRefusedByDatabase(
  exception: unknown,
): { sqlState: string; text: 'validation.outOfRange' | 'validation.nulCharacter' } | null {
  for (
    let e = exception as { code?: unknown; sqlState?: unknown; cause?: unknown } | null, i = 0;
    e && i < 3;
    e = e.cause as typeof e, i++
  ) {
    for (const candidate of [e.sqlState, e.code]) {
      if (typeof candidate === 'string' && INPUT_SQL_STATES[candidate]) return { sqlState: candidate, text: INPUT_SQL_STATES[candidate] };
    }
  }
  return null;
}

function httpStatusOf(exception: unknown): number | undefined {
  if (exception instanceof HttpException) return exception.getStatus();
  const s = (exception as { statusCode?: unknown } | null)?.statusCode;
  return typeof s === 'number' && s >= 400 && s < 600 ? s : undefined;
}

function isJsonError(exception: unknown): boolean {
  const code = (exception as { code?: unknown } | null)?.code;
  const message = exception instanceof Error ? exception.message : '';
  return code === 'FST_ERR_CTP_INVALID_JSON_BODY' || /JSON/i.test(message);
}
