import pino from 'pino';

export type Logger = pino.Logger;

/** Structured JSON logs (pino); request ids are added per request by the HTTP layer. */
export function createLogger(level: string = process.env.LOG_LEVEL ?? 'info', name = 'tuerca'): Logger {
  return pino({
    name,
    level,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: ['req.headers.cookie', 'req.headers.authorization', 'password', '*.password'], remove: true },
  });
}
