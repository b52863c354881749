import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { Alert, Box, Button, CircularProgress, Snackbar, Typography } from '@mui/material';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { t } from '@tuerca/contracts';

/** spec 001 §9: "Toast default 4000 ms"; 000 §9 copy toast 5 s. */
export const TOAST_MS = 4000;

type Severity = 'success' | 'info' | 'warning' | 'error';
interface Toast {
  id: number;
  text: string;
  detail?: string;
  severity: Severity;
  ms: number;
  action?: ToastAction;
}
/** A button in the toast (e.g. 'Deshacer' after a removal); clicking it closes the toast. */
export interface ToastAction {
  label: string;
  onClick(): void;
}
type Notify = (text: string, options?: { severity?: Severity; detail?: string; ms?: number; action?: ToastAction }) => void;

const ToastContext = createContext<Notify>(() => undefined);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<Toast | null>(null);
  const notify = useCallback<Notify>((text, options) => {
    setToast({
      id: Date.now(),
      text,
      detail: options?.detail,
      severity: options?.severity ?? 'success',
      ms: options?.ms ?? TOAST_MS,
      action: options?.action,
    });
  }, []);
  return (
    <ToastContext.Provider value={notify}>
      {children}
      <Snackbar
        key={toast?.id}
        open={toast !== null}
        autoHideDuration={toast?.ms ?? TOAST_MS}
        onClose={(_e, reason) => reason !== 'clickaway' && setToast(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert
          severity={toast?.severity ?? 'success'}
          variant="filled"
          onClose={() => setToast(null)}
          role="status"
          sx={{ maxWidth: 520 }}
          action={
            toast?.action ? (
              <Button
                color="inherit"
                size="small"
                onClick={() => {
                  toast.action?.onClick();
                  setToast(null);
                }}
              >
                {toast.action.label}
              </Button>
            ) : undefined
          }
        >
          <strong>{toast?.text}</strong>
          {toast?.detail ? <Box component="div">{toast.detail}</Box> : null}
        </Alert>
      </Snackbar>
    </ToastContext.Provider>
  );
}

export const useToast = () => useContext(ToastContext);

/** spec 000 §8 / 001 §8 empty-state component. */
export function EmptyState({
  title = t('emptyStates.notEnoughData'),
  detail,
  children,
}: {
  title?: string;
  detail?: string;
  children?: ReactNode;
}) {
  return (
    <Box role="status" sx={{ textAlign: 'center', py: 5, px: 2, color: 'text.secondary' }}>
      <SearchOffIcon sx={{ fontSize: 48, opacity: 0.5 }} aria-hidden />
      <Typography variant="h6" component="p" sx={{ mt: 1 }}>
        {title}
      </Typography>
      {detail ? <Typography variant="body2">{detail}</Typography> : null}
      {children}
    </Box>
  );
}

export function Loading({ label = t('common.loading') }: { label?: string }) {
  return (
    <Box role="progressbar" aria-label={label} sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2, py: 5 }}>
      <CircularProgress size={28} />
      <Typography color="text.secondary">{label}</Typography>
    </Box>
  );
}

/**
 * 001 §8 "Data loading failure (any section): the empty component with 'No hay suficientes datos.'", with
 * what to do next: try again.
 */
export function LoadFailed({ onRetry, detail = t('customerConsole.loadFailedNext') }: { onRetry(): void; detail?: string }) {
  return (
    <EmptyState detail={detail}>
      <Button variant="outlined" sx={{ mt: 2 }} onClick={onRetry}>
        {t('customerConsole.tryAgain')}
      </Button>
    </EmptyState>
  );
}

/** Text for screen readers only (a column header without a visible title, for instance). */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return (
    <Box
      component="span"
      sx={{
        border: 0,
        clip: 'rect(0 0 0 0)',
        height: '1px',
        margin: '-1px',
        overflow: 'hidden',
        padding: 0,
        position: 'absolute',
        whiteSpace: 'nowrap',
        width: '1px',
      }}
    >
      {children}
    </Box>
  );
}
