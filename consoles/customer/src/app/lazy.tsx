import { lazy, type ComponentType } from 'react';

/** spec 000 §2/§9: "A load that takes over 120 seconds fails with a chunk-load error." */
export const CHUNK_TIMEOUT_MS = 120_000;

/** The error a lazy area's chunk fails with: a failed download, or one that took over 120 s. */
export class ChunkLoadError extends Error {
  constructor(cause?: unknown) {
    super('ChunkLoadError', { cause });
    this.name = 'ChunkLoadError';
  }
}

/** What the browsers say when a dynamic import fails (Chromium, Firefox, Safari), or our own timeout. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ChunkLoadError') return true;
  return /dynamically imported module|Importing a module script failed|Failed to load module script|error loading dynamically imported module/i.test(
    error.message,
  );
}

/** A lazily loaded area (000 §2 ProductSearchResult, OemFinder, OemGroups, OemSubstitutions, and every page). */
export function lazyArea<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(
    () =>
      new Promise<{ default: T }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new ChunkLoadError()), CHUNK_TIMEOUT_MS);
        load().then(
          (m) => {
            clearTimeout(timer);
            resolve(m);
          },
          (err: unknown) => {
            clearTimeout(timer);
            reject(isChunkLoadError(err) ? err : new ChunkLoadError(err));
          },
        );
      }),
  );
}

/** A named export as a lazy area: `lazyPage(() => import('./GaragePage'), 'GaragePage')`. */
export function lazyPage<M extends Record<string, unknown>, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazyArea(() => load().then((m) => ({ default: m[name] as ComponentType<any> })));
}
