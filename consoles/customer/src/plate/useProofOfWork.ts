import { useEffect, useEffectEvent, useState } from 'react';
import { payloadOf, type PowChallenge, type PowSolution } from './pow';

export type PowState =
  { status: 'idle' } | { status: 'solving' } | { status: 'solved'; payload: string; ms: number } | { status: 'failed' };

/** Workers for one challenge: as many as the device has cores, up to four (a phone's big cores). */
const WORKERS = Math.max(1, Math.min(4, typeof navigator !== 'undefined' ? (navigator.hardwareConcurrency ?? 2) : 2));

/**
 * The plate lookup's human check (001 §2: shown from the 5th character of a plate that is not the current
 * vehicle's), solved in Web Workers as soon as it is needed — not when 'Buscar' is pressed — so the search is
 * ready when the person is. `round` asks for a new challenge (a solved one is accepted once).
 */
export function useProofOfWork(enabled: boolean, round: number, onSolved?: (payload: string) => void): PowState {
  const [state, setState] = useState<{ key: string; pow: PowState }>({ key: '', pow: { status: 'idle' } });
  const solvedEvent = useEffectEvent((payload: string) => onSolved?.(payload));
  const key = `${enabled}:${round}`;

  useEffect(() => {
    if (!enabled) return;
    const workers: Worker[] = [];
    const stop = () => workers.splice(0).forEach((w) => w.terminate());
    let done = false;
    const began = performance.now();
    const finish = (pow: PowState) => {
      if (done) return;
      done = true;
      stop();
      setState({ key, pow });
      if (pow.status === 'solved') solvedEvent(pow.payload);
    };
    const controller = new AbortController();
    // The challenge is answered bare (the ALTCHA protocol's shape), not in the { data } envelope.
    fetch('/api/garage/captcha/challenge', { credentials: 'same-origin', signal: controller.signal })
      .then((res) => {
        if (!res.ok) throw new Error(`challenge ${res.status}`);
        return res.json() as Promise<PowChallenge>;
      })
      .then((challenge) => {
        if (done) return;
        for (let i = 0; i < WORKERS; i++) {
          const worker = new Worker(new URL('./captcha.worker.ts', import.meta.url), { type: 'module' });
          worker.onmessage = (e: MessageEvent<{ solution?: PowSolution | null; error?: string }>) => {
            if (e.data.solution)
              finish({ status: 'solved', payload: payloadOf(challenge, e.data.solution), ms: performance.now() - began });
            else finish({ status: 'failed' });
          };
          worker.onerror = () => finish({ status: 'failed' });
          worker.postMessage({ challenge, start: i, step: WORKERS });
          workers.push(worker);
        }
      })
      .catch((err: unknown) => {
        if ((err as Error).name !== 'AbortError') finish({ status: 'failed' });
      });
    return () => {
      done = true;
      controller.abort();
      stop();
    };
  }, [enabled, key]);

  if (!enabled) return { status: 'idle' };
  return state.key === key ? state.pow : { status: 'solving' };
}
