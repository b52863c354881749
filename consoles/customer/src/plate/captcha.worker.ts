/// <reference lib="webworker" />
import { solve, type PowChallenge } from './pow';

/**
 * One of the workers solving the plate lookup's proof of work: counters start, start + step, … The page
 * terminates every worker as soon as one answers, so a worker only ever solves and posts once.
 */
self.onmessage = (event: MessageEvent<{ challenge: PowChallenge; start: number; step: number }>) => {
  const { challenge, start, step } = event.data;
  const began = performance.now();
  try {
    const solution = solve(challenge, start, step);
    self.postMessage({ solution, ms: performance.now() - began });
  } catch (error) {
    self.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
};
