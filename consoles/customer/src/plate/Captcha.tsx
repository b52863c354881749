import { useEffect, useRef } from 'react';
import { Box, Typography } from '@mui/material';
import 'altcha';
import 'altcha/i18n/es-419';
import { t } from '@tuerca/contracts';

/** The self-hosted ALTCHA human check; the garage API issues the challenge and checks the payload. */
export function Captcha({ onChange, resetKey }: { onChange(payload: string | null): void; resetKey: number }) {
  const ref = useRef<HTMLElement | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const handler = (ev: Event) => {
      const detail = (ev as CustomEvent<{ state: string; payload?: string }>).detail;
      onChangeRef.current(detail?.state === 'verified' && detail.payload ? detail.payload : null);
    };
    el.addEventListener('statechange', handler);
    return () => el.removeEventListener('statechange', handler);
  }, [resetKey]);
  return (
    <Box data-testid="captcha">
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
        {t('customerConsole.captchaHelp')}
      </Typography>
      <Box key={resetKey}>
        <altcha-widget ref={ref} challenge="/api/garage/captcha/challenge" language="es-419" />
      </Box>
    </Box>
  );
}
