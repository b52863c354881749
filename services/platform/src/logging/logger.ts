import pino from 'pino';

export type Logger = pino.Logger;

/**
 * Structured JSON logs (pino) on stdout; request ids are added per request by the HTTP layer. Writes are
 * synchronous: a process stopped by a signal (Nest re-raises SIGTERM after shutdown) loses no line, and
 * one line per request costs microseconds.
 */
export function createLogger(level: string = process.env.LOG_LEVEL ?? 'info', name = 'tuerca'): Logger {
  return pino(
    {
      name,
      level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: ['req.headers.cookie', 'req.headers.authorization', 'password', '*.password'], remove: true },
    },
    pino.destination({ dest: 1, sync: true }),
  );
}
