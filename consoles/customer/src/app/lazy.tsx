import { Component, lazy, type ComponentType, type ReactNode } from 'react';
import { Alert, Button } from '@mui/material';
import { t } from '@tuerca/contracts';

/** spec 000 §2/§9: "A load that takes over 120 seconds fails with a chunk-load error." */
export const CHUNK_TIMEOUT_MS = 120_000;

export function lazyArea<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(
    () =>
      new Promise<{ default: T }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('ChunkLoadError')), CHUNK_TIMEOUT_MS);
        load().then(
          (m) => {
            clearTimeout(timer);
            resolve(m);
          },
          (err) => {
            clearTimeout(timer);
            reject(err);
          },
        );
      }),
  );
}

export class ChunkBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Alert
        severity="error"
        sx={{ m: 2 }}
        action={
          <Button color="inherit" onClick={() => window.location.reload()}>
            {t('common.continue')}
          </Button>
        }
      >
        {t('search.chunkLoadFailed')}
      </Alert>
    );
  }
}
