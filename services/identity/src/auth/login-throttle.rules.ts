/**
 * How failed logins slow an address down (issue: lock-out by anyone). Nothing locks an account for
 * everybody: the failures of one account from one address slow that address down for that account, a
 * guess spread over many addresses slows down the addresses that took part in it, and an address that has
 * not failed on an account is never held back from it — its owner logs in from home while someone else
 * guesses from elsewhere.
 */

export interface ThrottlePolicy {
  /** Failures of one account from one address before that address waits between attempts. */
  freeFailuresPerAccountAndAddress: number;
  /** The window the counts live in; no wait is longer. */
  windowSeconds: number;
}

/** Failures of an account from all addresses together that add one step of waiting (a guess spread over many addresses). */
export const ACCOUNT_WIDE_FACTOR = 10;

/**
 * Seconds an address must wait before its next login on an account, after a failure that brought the counts
 * to `pairFailures` (this account from this address) and `accountFailures` (this account from anywhere).
 * Waits double from 2 minutes (2, 4, 8 …) and never exceed the window.
 */
export function waitAfterFailure(pairFailures: number, accountFailures: number, policy: ThrottlePolicy): number {
  const free = policy.freeFailuresPerAccountAndAddress;
  const pairSteps = pairFailures >= free ? pairFailures - free + 1 : 0;
  const accountSteps = Math.floor(accountFailures / (ACCOUNT_WIDE_FACTOR * free));
  const steps = Math.max(pairSteps, accountSteps);
  if (steps === 0) return 0;
  return Math.min(60 * 2 ** Math.min(steps, 20), policy.windowSeconds);
}
