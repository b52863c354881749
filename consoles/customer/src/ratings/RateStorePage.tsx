import { useState } from 'react';
import { useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, CardContent, Rating, Stack, TextField, Typography } from '@mui/material';
import { ratingsRoutes, t } from '@tuerca/contracts';
import { errorText } from '../app/api';
import { routeKey, useRouteMutation, useRouteQuery } from '../app/queries';
import { useSession } from '../app/session';
import { usePrompts } from '../app/prompts';
import { EmptyState, Loading, useToast } from '../app/ui';

/**
 * The buyer rates the store of a delivered purchase (issue #13): 1–5 stars and a comment, once. The link comes
 * in the WhatsApp and e-mail that ask for it (`/compras/calificar/<scoreId>`).
 */
export function RateStorePage() {
  const { scoreId = '' } = useParams();
  const { ready, isGuest } = useSession();
  const { openLogin } = usePrompts();
  const notify = useToast();
  const client = useQueryClient();
  const score = useRouteQuery(ratingsRoutes.one, { params: { scoreId } }, { enabled: ready && !isGuest, retry: false });
  const [stars, setStars] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const rate = useRouteMutation(ratingsRoutes.rate, (body: { score: number; comment: string }) => ({ params: { scoreId }, body }), {
    onSuccess: async (res) => {
      notify(String(res.metadata?.message ?? t('common.success')));
      await client.invalidateQueries({ queryKey: routeKey(ratingsRoutes.one).slice(0, 2) });
      await client.invalidateQueries({ queryKey: routeKey(ratingsRoutes.pending).slice(0, 2) });
    },
    onError: (err) => notify(errorText(err, t('errors.unexpected')), { severity: 'error' }),
  });

  if (!ready) return <Loading />;
  if (isGuest)
    return (
      <EmptyState title={t('customerConsole.rateLoginRequired')}>
        <Button variant="contained" sx={{ mt: 2 }} onClick={() => openLogin({ closable: true })}>
          {t('common.enter')}
        </Button>
      </EmptyState>
    );
  if (score.isPending) return <Loading />;
  if (score.isError || !score.data) return <EmptyState title={t('ratings.notFound')} />;
  const s = score.data.data;

  return (
    <Stack spacing={2} sx={{ maxWidth: 560, mx: 'auto' }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {t('customerConsole.rateTitle', { store: s.storeName })}
      </Typography>
      <Typography color="text.secondary">{t('customerConsole.ratePurchase', { ref: s.refVenta })}</Typography>
      <Card variant="outlined">
        <CardContent>
          {s.state === 'rated' ? (
            <Stack spacing={1} data-testid="rating-done">
              <Rating value={s.score} readOnly aria-label={t('customerConsole.rateStars', { count: s.score ?? 0 })} />
              {s.comment ? <Typography>{s.comment}</Typography> : null}
              <Alert severity="success">{t('ratings.alreadyRated')}</Alert>
            </Stack>
          ) : (
            <Stack
              component="form"
              spacing={2}
              onSubmit={(e) => {
                e.preventDefault();
                if (stars) rate.mutate({ score: stars, comment });
              }}
            >
              <Rating
                name="score"
                size="large"
                value={stars}
                onChange={(_, v) => setStars(v)}
                getLabelText={(v) => t('customerConsole.rateStars', { count: v })}
              />
              <TextField
                label={t('customerConsole.rateComment')}
                value={comment}
                onChange={(e) => setComment(e.target.value)}
                multiline
                minRows={3}
                slotProps={{ htmlInput: { maxLength: 1000 } }}
                fullWidth
              />
              <Button type="submit" variant="contained" disabled={!stars || rate.isPending}>
                {t('customerConsole.rateSend')}
              </Button>
            </Stack>
          )}
        </CardContent>
      </Card>
    </Stack>
  );
}
