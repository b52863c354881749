import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { QueryErrorResetBoundary } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { Alert, AlertTitle, Box, Button } from '@mui/material';
import { t } from '@tuerca/contracts';
import { isChunkLoadError } from './lazy';
import { Loading } from './ui';

interface BoundaryProps {
  children: ReactNode;
  onReset?: () => void;
  /** An area inside a page fails alone, smaller, and the page goes on. */
  area?: boolean;
}

/**
 * A render error of one screen or area, said in the spec's words (001 §8 "Other failures: 'No podemos
 * procesar tu solicitud en este momento' / 'Por favor intenta realizar la búsqueda nuevamente mas tarde.'").
 * Only a chunk that failed to load (or took over 120 s) gets the chunk-load text and a reload.
 */
class ErrorBoundary extends Component<BoundaryProps, { error: unknown }> {
  state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Tuerca: a screen failed to render', error, info.componentStack);
  }

  private retry = () => {
    this.props.onReset?.();
    this.setState({ error: null });
  };

  render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    const chunk = isChunkLoadError(error);
    return (
      <Box sx={{ m: this.props.area ? 0 : 2 }} data-testid={chunk ? 'chunk-load-error' : 'screen-error'}>
        <Alert
          severity="error"
          role="alert"
          action={
            chunk ? (
              <Button color="inherit" onClick={() => window.location.reload()}>
                {t('customerConsole.reload')}
              </Button>
            ) : (
              <Button color="inherit" onClick={this.retry}>
                {t('customerConsole.tryAgain')}
              </Button>
            )
          }
        >
          {chunk ? (
            t('search.chunkLoadFailed')
          ) : (
            <>
              <AlertTitle>{t('catalog.requestFailed')}</AlertTitle>
              {t('catalog.requestFailedDetail')}
            </>
          )}
        </Alert>
      </Box>
    );
  }
}

/**
 * One screen: its own error boundary (reset with its failed queries, and by going to another page) and its
 * loading state while its chunk arrives.
 */
export function Screen({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <QueryErrorResetBoundary>
      {({ reset }) => (
        <ErrorBoundary key={pathname} onReset={reset}>
          <Suspense fallback={<Loading />}>{children}</Suspense>
        </ErrorBoundary>
      )}
    </QueryErrorResetBoundary>
  );
}

/** A lazy area inside a screen (OemSubstitutions, OemGroups, the product search modal): fails on its own. */
export function Area({ children, fallback = <Loading /> }: { children: ReactNode; fallback?: ReactNode }) {
  return (
    <QueryErrorResetBoundary>
      {({ reset }) => (
        <ErrorBoundary onReset={reset} area>
          <Suspense fallback={fallback}>{children}</Suspense>
        </ErrorBoundary>
      )}
    </QueryErrorResetBoundary>
  );
}
