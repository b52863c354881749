import { useState } from 'react';
import { Alert, Box, Button, Link, Stack, TextField, Typography } from '@mui/material';
import { quotationLimit, quotationQuantityProblem, t, type ProductView } from '@tuerca/contracts';
import { ApiError, errorText, isLoginRequired } from '../app/api';
import { usePrompts } from '../app/prompts';
import { useToast } from '../app/ui';
import { addToCart, makeQuotation } from './api';

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
  const notify = useToast();
  const [quantity, setQuantity] = useState('1');
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
      await makeQuotation(product.id, quantity);
      // The UI sets seller_response to 0 (000 §4): waiting for the seller.
      onChange({
        ...product,
        quoteRecord: {
          sale_id: product.quoteRecord?.sale_id ?? '',
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
  const addedLink = (
    <Typography variant="body2" color="success.main">
      {t('availability.alreadyAdded')}{' '}
      <Link href={`/cart/page/index/${section}`}>
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
      body = added ? (
        addedLink
      ) : (
        <Stack spacing={0.5}>
          <Typography variant="caption">{t('quotation.purchaseEnabledFor', { hours: product.remainingTime })}</Typography>
          <Button
            size="small"
            variant="contained"
            onClick={() => add(Math.min(q.quantity || 1, product.quotationMaxQuantity ?? q.quantity ?? 1), q.sale_id)}
            disabled={busy}
          >
            {t('quotation.add')}
          </Button>
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
      {problem ? (
        <Alert severity="error" sx={{ mt: 0.5, py: 0 }}>
          {problem}
        </Alert>
      ) : null}
    </Box>
  );
}
