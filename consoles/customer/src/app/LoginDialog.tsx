import { useState } from 'react';
import { Alert, Button, Dialog, DialogContent, DialogTitle, IconButton, Stack } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { t } from '@tuerca/contracts';
import { LoginForm, RegisterForm } from './AuthForms';

/** loginModal: closable (between thresholds) or forced (no close button, no Escape). */
export function LoginDialog(props: { open: boolean; closable: boolean; message: string; onClose(): void; onLoggedIn(): void }) {
  const [mode, setMode] = useState<'login' | 'register'>('login');
  return (
    <Dialog
      open={props.open}
      onClose={(_e, reason) => {
        if (props.closable || reason === undefined) props.onClose();
      }}
      aria-labelledby="login-dialog-title"
      fullWidth
      maxWidth="xs"
      data-testid="login-modal"
      data-closable={props.closable ? 'true' : 'false'}
    >
      <DialogTitle id="login-dialog-title" sx={{ pr: 6 }}>
        {mode === 'login' ? t('customerConsole.loginPromptTitle') : t('customerConsole.register')}
        {props.closable ? (
          <IconButton aria-label={t('common.close')} onClick={props.onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
            <CloseIcon />
          </IconButton>
        ) : null}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Alert severity={props.closable ? 'info' : 'warning'}>{props.message}</Alert>
          {mode === 'login' ? <LoginForm onDone={props.onLoggedIn} /> : <RegisterForm />}
          <Button onClick={() => setMode(mode === 'login' ? 'register' : 'login')}>
            {mode === 'login' ? t('customerConsole.noAccount') : t('customerConsole.haveAccount')}
          </Button>
          {props.closable ? null : (
            <Button
              color="inherit"
              onClick={() => {
                props.onClose();
                window.location.assign('/');
              }}
            >
              {t('customerConsole.backHome')}
            </Button>
          )}
        </Stack>
      </DialogContent>
    </Dialog>
  );
}
