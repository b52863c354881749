/**
 * What kind of failure stopped a consumer's handler. A transient failure — the database or the broker is
 * unreachable for a while, a serialization failure or a deadlock — says nothing about the event: the
 * consumer waits it out (exponential back-off, the event is neither skipped nor dead-lettered). Anything
 * else — an invalid payload, a rule the handler refuses — is the event's own problem (poison): it goes to
 * the dead letters after its attempts so the events behind it keep flowing.
 */

/** Throw (or wrap a cause in) this from a handler whose failure is known to pass with time. */
export class TransientError extends Error {
  override readonly name = 'TransientError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** SQLSTATE classes and codes that pass with time: connection exceptions (08), serialization failure,
 * deadlock, lock not available, operator intervention (shutdown, cannot connect now), insufficient resources. */
const TRANSIENT_SQLSTATES = new Set([
  '40001',
  '40P01',
  '55P03',
  '57P01',
  '57P02',
  '57P03',
  '53000',
  '53100',
  '53200',
  '53300',
  '53400',
  '58000',
  '58030',
]);
const TRANSIENT_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'EAI_AGAIN',
  'ENOTFOUND',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
]);
const TRANSIENT_NAMES = new Set([
  'TransientError',
  'ConnectionException',
  'DeadlockException',
  'LockWaitTimeoutException',
  'TimeoutError',
  'MaxRetriesPerRequestError',
  'KafkaJSConnectionError',
  'KafkaJSConnectionClosedError',
  'KafkaJSRequestTimeoutError',
  'KafkaJSNumberOfRetriesExceeded',
  'KafkaJSBrokerNotFound',
  'KafkaJSLockTimeout',
]);
const TRANSIENT_MESSAGES =
  /connection terminated|terminating connection|connection timeout|timeout exceeded when trying to connect|client has encountered a connection error|connection is closed|the database system is (starting up|shutting down)|server closed the connection|socket hang up|fetch failed/i;

function causes(err: unknown): unknown[] {
  const chain: unknown[] = [];
  let current: unknown = err;
  while (current && chain.length < 8 && !chain.includes(current)) {
    chain.push(current);
    current = (current as { cause?: unknown }).cause ?? (current as { originalError?: unknown }).originalError;
  }
  return chain;
}

/** True when the failure passes with time (the event is fine; the world around it is not, yet). */
export function isTransientError(err: unknown): boolean {
  return causes(err).some((e) => {
    if (!e || typeof e !== 'object') return false;
    const { code, name, message, retriable, status } = e as {
      code?: unknown;
      name?: unknown;
      message?: unknown;
      retriable?: unknown;
      status?: unknown;
    };
    if (typeof code === 'string' && (TRANSIENT_SQLSTATES.has(code) || code.startsWith('08') || TRANSIENT_ERRNOS.has(code))) return true;
    if (typeof name === 'string' && TRANSIENT_NAMES.has(name)) return true;
    if (retriable === true) return true;
    // A context this one calls answered "unavailable" (DomainError 503 from a port over HTTP).
    if (status === 503) return true;
    return typeof message === 'string' && TRANSIENT_MESSAGES.test(message);
  });
}
