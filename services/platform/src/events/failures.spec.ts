import { describe, expect, it } from '@jest/globals';
import { TransientError, isTransientError } from './failures.js';

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('transient or poison', () => {
  it('waits out what passes with time: connection loss, deadlocks, serialization failures, a broker away', () => {
    for (const err of [
      pgError('40001', 'could not serialize access due to concurrent update'),
      pgError('40P01', 'deadlock detected'),
      pgError('08006', 'connection failure'),
      pgError('57P01', 'terminating connection due to administrator command'),
      pgError('53300', 'sorry, too many clients already'),
      pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      Object.assign(new Error('wrapped'), { name: 'DeadlockException' }),
      Object.assign(new Error('broker'), { name: 'KafkaJSConnectionError' }),
      Object.assign(new Error('retry me'), { retriable: true }),
      Object.assign(new Error('billing away'), { status: 503 }),
      new TransientError('the provider is down'),
      new Error('outer', { cause: pgError('40P01') }),
    ])
      expect([err.message, isTransientError(err)]).toEqual([err.message, true]);
  });

  it('treats the rest as the event’s own problem', () => {
    for (const err of [
      new Error('cannot digest'),
      pgError('23505', 'duplicate key value violates unique constraint'),
      pgError('22P02', 'invalid input syntax for type uuid'),
      new TypeError("Cannot read properties of undefined (reading 'section')"),
      Object.assign(new Error('Not found'), { status: 404 }),
      'a string',
      null,
    ])
      expect(isTransientError(err)).toBe(false);
  });
});
