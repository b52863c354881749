import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Alert, Box, Button, Link, Stack, TextField, Typography } from '@mui/material';
import { quotationLimit, quotationQuantityProblem, t, type ProductView } from '@tuerca/contracts';
import { ApiError, errorText, isLoginRequired } from '../app/api';
import { usePrompts } from '../app/prompts';
import { useToast } from '../app/ui';
import { useSession } from '../app/session';
import { cartPath } from '../cart/CartPage';
import { addToCart, makeQuotation } from './api';
import { OrderDialog } from './OrderDialog';
import { ServiceOrderDialog } from './ServiceOrderDialog';

/** The time left of an answered quotation's purchase window, re-read every 30 s. */
function useRemaining(expiresAt: string | null | undefined): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!expiresAt) return;
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, [expiresAt]);
  if (!expiresAt) return null;
  return Math.max(0, new Date(expiresAt).getTime() - now);
}

function remainingText(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  return t('customerConsole.hoursMinutes', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}

export function formatPrice(p: ProductView): string | null {
  if (p.actualPrice === null || p.hidePrices) return null;
  const amount = new Intl.NumberFormat(p.currency === 'MXN' ? 'es-MX' : 'es-CO', {
    style: 'currency',
    currency: p.currency,
    maximumFractionDigits: p.currency === 'MXN' ? 2 : 0,
  }).format(p.actualPrice);
  return `${amount} ${p.currency}`;
}

export function PriceCell({ product }: { product: ProductView }) {
  if (!product.available) return <Typography variant="body2">{t('availability.requestQuotation')}</Typography>;
  const price = formatPrice(product);
  return (
    <Box>
      <Typography variant="body2" sx={{ fontWeight: 700 }}>
        {price ?? t('availability.requestQuotation')}
      </Typography>
      {product.additionalDiscount ? (
        <Typography variant="caption" color="success.main">
          {t('results.additionalDiscount', { percentage: product.additionalDiscount.discountPercentage })}
        </Typography>
      ) : null}
    </Box>
  );
}

/** The options cell: availability, sale models 1/2 ('Comprar') and the quotation model's states (000 §4). */
export function ProductActions({ product, onChange }: { product: ProductView; onChange(p: ProductView): void }) {
  const { openLogin } = usePrompts();
  const { isGuest } = useSession();
  const notify = useToast();
  const [quantity, setQuantity] = useState('1');
  const [addQuantity, setAddQuantity] = useState(String(Math.min(product.quoteRecord?.quantity || 1, quotationLimit(product))));
  const [ordering, setOrdering] = useState(false);
  const [serviceOrder, setServiceOrder] = useState(false);
  const remaining = useRemaining(product.quoteRecord?.seller_response === 1 ? product.quoteRecord.expiresAt : null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const fail = (err: unknown) => {
    if (isLoginRequired(err)) {
      openLogin({ closable: true, message: t('session.loginToQuote') });
      return;
    }
    if (err instanceof ApiError && err.code === 'Sign-up incomplete') return setProblem(t('customerConsole.signUpIncomplete'));
    setProblem(errorText(err, t('quotation.requestFailed')));
  };

  const add = async (qty: number, quotationId?: string) => {
    setBusy(true);
    setProblem(null);
    try {
      const res = await addToCart(product.id, qty, quotationId);
      const section = res.data?.section ?? product.cartTypeBySaleModel;
      onChange({ ...product, productAddedToCart: true, sectionShoppingCart: section });
      notify(t('customerConsole.addedToCart'));
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    const issue = quotationQuantityProblem(quantity, product);
    if (issue) return setProblem(t(issue.key, issue.params));
    setBusy(true);
    setProblem(null);
    try {
      const res = await makeQuotation(product.id, quantity);
      // The UI sets seller_response to 0 (000 §4): waiting for the seller.
      onChange({
        ...product,
        quoteRecord: res.data?.quoteRecord ?? {
          sale_id: res.data?.quotationId ?? product.quoteRecord?.sale_id ?? '',
          seller_response: 0,
          not_available: 0,
          quantity: Number(quantity),
          expiresAt: null,
        },
      });
      notify(t('quotation.stockConfirmationSent'), { detail: t('quotation.stockConfirmationSentDetail') });
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  };

  const added = product.productAddedToCart;
  const section = product.sectionShoppingCart ?? product.cartTypeBySaleModel;
  // 000 §2: cart pages are prefixed with the store path prefix for virtual stores or for non-cart sale models.
  const prefixed = Boolean(product.store.pathPrefix) && (product.store.isVirtualStore || section !== 'cart');
  const addedLink = (
    <Typography variant="body2" color="success.main">
      {t('availability.alreadyAdded')}{' '}
      <Link component={RouterLink} to={cartPath(section, prefixed ? product.store.pathPrefix : null)}>
        {section === 'favorites' ? t('availability.goToFavorites') : t('availability.goToCart')}
      </Link>
    </Typography>
  );

  let body;
  if (!product.available) {
    body = added ? (
      <Typography variant="body2" color="success.main">
        {t('availability.addedToQuotationList')}
      </Typography>
    ) : (
      <Button size="small" variant="outlined" onClick={() => add(1)} disabled={busy}>
        {t('availability.addToQuotation')}
      </Button>
    );
  } else if (product.salesModel === 3) {
    const q = product.quoteRecord;
    if (q && q.seller_response === 0) {
      body = (
        <Typography variant="body2" color="warning.main">
          {t('quotation.waitingForConfirmation')}
        </Typography>
      );
    } else if (q && q.seller_response === 1 && q.not_available === 0) {
      const max = quotationLimit(product);
      const addCapped = () => {
        const issue = quotationQuantityProblem(addQuantity, product);
        if (issue) return setProblem(t(issue.key, issue.params));
        void add(Math.min(Number(addQuantity), max), q.sale_id);
      };
      body = (
        <Stack spacing={0.75}>
          <Typography variant="caption" data-testid="quotation-remaining">
            {remaining === null
              ? t('quotation.purchaseEnabledFor', { hours: product.remainingTime })
              : remaining > 0
                ? t('customerConsole.remainingTime', { time: remainingText(remaining) })
                : t('customerConsole.windowClosed')}
          </Typography>
          {added ? (
            addedLink
          ) : (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                size="small"
                type="number"
                value={addQuantity}
                onChange={(e) => setAddQuantity(e.target.value)}
                sx={{ width: 80 }}
                slotProps={{ htmlInput: { min: 1, max, 'aria-label': `${t('quotation.quantity')} ${product.title}` } }}
              />
              <Button size="small" variant="contained" onClick={addCapped} disabled={busy || remaining === 0}>
                {t('quotation.add')}
              </Button>
            </Stack>
          )}
          <Button size="small" variant="outlined" onClick={() => setOrdering(true)} disabled={remaining === 0}>
            {t('customerConsole.makeOrder')}
          </Button>
          <OrderDialog
            product={product}
            open={ordering}
            onClose={() => setOrdering(false)}
            onOrdered={() => {
              setOrdering(false);
              // An ordered quotation is no longer the person's quote record (the product offers 'Confirmar' again).
              onChange({ ...product, quoteRecord: null });
            }}
          />
        </Stack>
      );
    } else {
      body = (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextField
            size="small"
            type="number"
            value={quantity}
            onChange={(e) => setQuantity(e.target.value)}
            sx={{ width: 80 }}
            slotProps={{ htmlInput: { min: 1, max: quotationLimit(product), 'aria-label': `${t('quotation.quantity')} ${product.title}` } }}
          />
          <Button size="small" variant="contained" onClick={confirm} disabled={busy}>
            {t('quotation.confirm')}
          </Button>
        </Stack>
      );
    }
  } else {
    body = added ? (
      addedLink
    ) : (
      <Button
        size="small"
        variant="contained"
        color="secondary"
        onClick={() => add(Math.max(1, product.minimum_order_quantity || 1))}
        disabled={busy}
      >
        {t('availability.buy')}
      </Button>
    );
  }
  return (
    <Box sx={{ minWidth: 150 }}>
      {body}
      {!isGuest && product.available && product.actualPrice !== null ? (
        <>
          <Button size="small" sx={{ mt: 0.5, px: 0 }} onClick={() => setServiceOrder(true)}>
            {t('customerConsole.serviceOrderButton')}
          </Button>
          <ServiceOrderDialog product={product} open={serviceOrder} onClose={() => setServiceOrder(false)} />
        </>
      ) : null}
      {problem ? (
        <Alert severity="error" sx={{ mt: 0.5, py: 0 }}>
          {problem}
        </Alert>
      ) : null}
    </Box>
  );
}
