import { useEffect, useEffectEvent, useState } from 'react';
import { garagePlatesRoutes } from '@tuerca/contracts';
import { useRouteQuery } from '../app/queries';
import { payloadOf, type PowChallenge, type PowSolution } from './pow';

export type PowState =
  { status: 'idle' } | { status: 'solving' } | { status: 'solved'; payload: string; ms: number } | { status: 'failed' };

/** Workers for one challenge: as many as the device has cores, up to four (a phone's big cores). */
const WORKERS = Math.max(1, Math.min(4, typeof navigator !== 'undefined' ? (navigator.hardwareConcurrency ?? 2) : 2));

/**
 * The plate lookup's human check (001 §2: shown from the 5th character of a plate that is not the current
 * vehicle's), solved in Web Workers as soon as it is needed — not when 'Buscar' is pressed — so the search is
 * ready when the person is. `round` asks for a new challenge (a solved one is accepted once).
 *
 * The challenge is server state (TanStack Query, one per round, never reused from the cache: each is signed for one
 * use); solving it is the browser's own work, in the workers this hook starts and stops.
 */
export function useProofOfWork(enabled: boolean, round: number, onSolved?: (payload: string) => void): PowState {
  const challenge = useRouteQuery(
    garagePlatesRoutes.captchaChallenge,
    {},
    { enabled, queryKey: ['captcha-challenge', round], staleTime: Infinity, gcTime: 0, retry: 1, metering: { silent: true } },
  );
  const [state, setState] = useState<{ for: unknown; pow: PowState }>({ for: null, pow: { status: 'idle' } });
  const solvedEvent = useEffectEvent((payload: string) => onSolved?.(payload));
  const data = enabled ? (challenge.data as PowChallenge | undefined) : undefined;

  useEffect(() => {
    if (!data) return;
    const workers: Worker[] = [];
    const stop = () => workers.splice(0).forEach((w) => w.terminate());
    let done = false;
    const began = performance.now();
    const finish = (pow: PowState) => {
      if (done) return;
      done = true;
      stop();
      setState({ for: data, pow });
      if (pow.status === 'solved') solvedEvent(pow.payload);
    };
    for (let i = 0; i < WORKERS; i++) {
      const worker = new Worker(new URL('./captcha.worker.ts', import.meta.url), { type: 'module' });
      worker.onmessage = (e: MessageEvent<{ solution?: PowSolution | null; error?: string }>) => {
        if (e.data.solution) finish({ status: 'solved', payload: payloadOf(data, e.data.solution), ms: performance.now() - began });
        else finish({ status: 'failed' });
      };
      worker.onerror = () => finish({ status: 'failed' });
      worker.postMessage({ challenge: data, start: i, step: WORKERS });
      workers.push(worker);
    }
    return () => {
      done = true;
      stop();
    };
  }, [data]);

  if (!enabled) return { status: 'idle' };
  if (challenge.isError) return { status: 'failed' };
  return data && state.for === data ? state.pow : { status: 'solving' };
}
