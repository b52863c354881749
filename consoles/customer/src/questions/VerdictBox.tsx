import { Alert, AlertTitle, Box, Typography } from '@mui/material';
import { t, type VerdictView } from '@tuerca/contracts';

const SEVERITY = { yes: 'success', probable: 'info', no: 'error', need_vin: 'warning' } as const;

/** The compatibility verdict (Sí / Probable / No / Necesito tu VIN) with the evidence it rests on. */
export function VerdictBox({ verdict, compact = false }: { verdict: VerdictView; compact?: boolean }) {
  return (
    <Alert
      severity={SEVERITY[verdict.verdict]}
      data-testid="compatibility-verdict"
      data-verdict={verdict.verdict}
      sx={{ py: compact ? 0 : 0.5 }}
    >
      <AlertTitle sx={{ mb: compact ? 0 : 0.5 }}>
        {t('questions.verdictTitle')}: {verdict.label}
      </AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {verdict.evidence.map((e) => (
          <Typography component="li" variant="body2" key={e.text}>
            {e.text}
          </Typography>
        ))}
      </Box>
    </Alert>
  );
}
