import { Link as RouterLink } from 'react-router';
import { Alert, Button, Stack } from '@mui/material';
import { ratingsRoutes, t } from '@tuerca/contracts';
import { useRouteQuery } from '../app/queries';

/** The rating prompt of 'Mis compras' (issue #13): each delivered purchase still to rate, with its link. */
export function RatingPrompt({ enabled }: { enabled: boolean }) {
  const pending = useRouteQuery(ratingsRoutes.pending, {}, { enabled });
  const scores = pending.data?.data ?? [];
  if (scores.length === 0) return null;
  return (
    <Stack spacing={1} data-testid="rating-prompt">
      {scores.slice(0, 3).map((s) => (
        <Alert
          key={s.id}
          severity="info"
          action={
            <Button component={RouterLink} to={`/compras/calificar/${s.id}`} size="small" color="inherit">
              {t('customerConsole.rateAction')}
            </Button>
          }
        >
          {t('customerConsole.ratePrompt', { store: s.storeName, ref: s.refVenta })}
        </Alert>
      ))}
    </Stack>
  );
}
