import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Alert, Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { cartRoutes, quoteRequestsRoutes, t, vehicleLabel, type QuoteOfferView, type QuoteRequestView } from '@tuerca/contracts';
import { errorText } from '../app/api';
import { formatMoney } from '../app/format';
import { useRouteMutation, useRouteQuery } from '../app/queries';
import { LoadFailed, Loading, useToast } from '../app/ui';
import { useInvalidateCart } from '../cart/queries';

type Seller = QuoteRequestView['sellers'][number];
type Line = QuoteRequestView['lines'][number];

/** The lowest answered price of a part (the 'Mejor precio' mark), among offers still open. */
function bestPrice(offers: (QuoteOfferView | undefined)[]): number | null {
  const prices = offers.filter((o) => o?.available && o.price !== null && o.quotationState === 'available').map((o) => o!.price!);
  return prices.length > 1 ? Math.min(...prices) : null;
}

function OfferCell({
  seller,
  line,
  offer,
  best,
  onAdd,
  adding,
  added,
}: {
  seller: Seller;
  line: Line;
  offer: QuoteOfferView | undefined;
  best: number | null;
  onAdd(): void;
  adding: boolean;
  added: boolean;
}) {
  let body;
  if (seller.state === 'awaiting') body = <Chip size="small" label={t('quoteRequests.waiting')} />;
  else if (!offer || !offer.available) body = <Chip size="small" variant="outlined" label={t('quoteRequests.notAvailable')} />;
  else
    body = (
      <Stack spacing={0.5}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {offer.productTitle}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {[offer.manufacturer, offer.productReference].filter(Boolean).join(' · ')}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 700 }} aria-label={t('quoteRequests.unitPrice')}>
            {offer.price !== null && offer.currency ? formatMoney(offer.price, offer.currency) : '—'}
          </Typography>
          {best !== null && offer.price === best ? <Chip size="small" color="success" label={t('quoteRequests.bestPrice')} /> : null}
        </Stack>
        {offer.quotationState === 'available' && !added ? (
          <Button variant="contained" size="small" onClick={onAdd} disabled={adding}>
            {t('quoteRequests.addToCart')}
          </Button>
        ) : added || offer.quotationState === 'ordered' ? (
          <Button component={RouterLink} to="/cart/page/index/cart" size="small" variant="outlined">
            {t('quoteRequests.addedToCart')}
          </Button>
        ) : (
          <Chip size="small" variant="outlined" label={t('quoteRequests.windowClosed')} />
        )}
      </Stack>
    );
  return (
    <Box
      data-testid="quote-offer"
      data-store={seller.storeName}
      data-line={line.name}
      sx={{ flex: 1, minWidth: 0, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <Typography variant="caption" color="text.secondary" component="div" sx={{ fontWeight: 700 }}>
        {seller.storeName}
      </Typography>
      {body}
    </Box>
  );
}

/**
 * The answers of one request side by side: a card per part, the sellers' answers in a row beside each other
 * (stacked on a phone), the best price marked; an answered part goes to the cart with its quotation, at the
 * answered price, for the quantity asked.
 */
export function QuoteRequestAnswers({ id }: { id: string }) {
  const query = useRouteQuery(quoteRequestsRoutes.one, { params: { id } }, { refetchInterval: 15_000 });
  const notify = useToast();
  const invalidate = useInvalidateCart();
  const [added, setAdded] = useState<Set<string>>(new Set());
  const add = useRouteMutation(
    cartRoutes.cartPage.add,
    (v: { productId: string; quantity: number; quotationId: string }) => ({ body: v }),
    {
      onSuccess: (_res, v) => {
        setAdded((s) => new Set(s).add(v.quotationId));
        notify(t('quoteRequests.addedToCart'));
        void invalidate();
      },
      onError: (err) => notify(errorText(err, t('quotation.requestFailed')), { severity: 'error' }),
    },
  );
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadFailed onRetry={() => void query.refetch()} />;
  const request = query.data.data;
  const answered = request.sellers.filter((s) => s.state === 'answered').length;
  return (
    <Stack spacing={2} data-testid="quote-request-answers">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between' }}>
        <Typography variant="h6" component="h2">
          {t('quoteRequests.compareTitle')} · {vehicleLabel(request.vehicle)}
        </Typography>
        <Typography color="text.secondary">{t('quoteRequests.sellersAnswered', { answered, total: request.sellers.length })}</Typography>
      </Stack>
      {request.sellers
        .filter((s) => s.comment)
        .map((s) => (
          <Alert key={s.id} severity="info">
            <strong>{s.storeName}:</strong> {s.comment}
          </Alert>
        ))}
      {request.lines.map((line) => {
        const offers = request.sellers.map((s) => s.offers.find((o) => o.lineId === line.id));
        const best = bestPrice(offers);
        return (
          <Paper key={line.id} variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} data-testid="quote-request-line">
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
              {line.amount} × {line.name}
              {line.reference ? (
                <Typography component="span" variant="body2" sx={{ fontFamily: 'monospace', ml: 1 }}>
                  {line.reference}
                </Typography>
              ) : null}
            </Typography>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ mt: 1 }}>
              {request.sellers.map((s, i) => {
                const offer = offers[i];
                return (
                  <OfferCell
                    key={s.id}
                    seller={s}
                    line={line}
                    offer={offer}
                    best={best}
                    adding={add.isPending}
                    added={Boolean(offer?.quotationId && added.has(offer.quotationId))}
                    onAdd={() =>
                      offer?.productId &&
                      offer.quotationId &&
                      add.mutate({ productId: offer.productId, quantity: line.amount, quotationId: offer.quotationId })
                    }
                  />
                );
              })}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
