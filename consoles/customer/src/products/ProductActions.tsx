import { createContext, Suspense, useContext, useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Alert, Box, Button, Link, Stack, TextField, Typography } from '@mui/material';
import { quotationLimit, quotationQuantityProblem, t, type ProductView } from '@tuerca/contracts';
import { ApiError, errorText, isLoginRequired } from '../app/api';
import { usePrompts } from '../app/prompts';
import { useApiMutation } from '../app/queries';
import { formatMoney } from '../app/format';
import { useToast } from '../app/ui';
import { useSession } from '../app/session';
import { cartPath } from '../cart/paths';
import { lazyPage } from '../app/lazy';
import { addToCart, makeQuotation } from './api';
import { ScheduleActivityButton, productActivityDraft } from '../agenda/ScheduleActivityButton';
import { CompatibilityButtons } from '../questions/CompatibilityButtons';

// The dialogs load when first opened: the results page's first load carries the list, not every form.
const OrderDialog = lazyPage(() => import('./OrderDialog'), 'OrderDialog');
const ServiceOrderDialog = lazyPage(() => import('./ServiceOrderDialog'), 'ServiceOrderDialog');
const ActivityDialog = lazyPage(() => import('../agenda/ActivityDialog'), 'ActivityDialog');
const CompatibleVehiclesDialog = lazyPage(() => import('../questions/CompatibleVehiclesDialog'), 'CompatibleVehiclesDialog');

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

/** The net price in the store's currency through Intl ('$ 45.900 COP', '$459.00 MXN'); null when hidden. */
export function formatPrice(p: ProductView): string | null {
  if (p.actualPrice === null || p.hidePrices) return null;
  return `${formatMoney(p.actualPrice, p.currency)} ${p.currency}`;
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

type DialogKind = 'order' | 'serviceOrder' | 'activity' | 'compatibleVehicles' | 'askCompatibility';
type OpenDialog = { kind: DialogKind; product: ProductView } | null;
const DialogsContext = createContext<((d: OpenDialog) => void) | null>(null);

/**
 * The order and service-order dialogs of a list of products, held above its rows: a table that turns into
 * cards (a window narrowed, a tablet turned) keeps the open dialog and what was typed in it.
 */
export function ProductDialogs({ children, onChange }: { children: ReactNode; onChange(p: ProductView): void }) {
  const [open, setOpen] = useState<OpenDialog>(null);
  const close = () => setOpen(null);
  return (
    <DialogsContext.Provider value={setOpen}>
      {children}
      <Suspense fallback={null}>
        {open?.kind === 'order' ? (
          <OrderDialog
            product={open.product}
            open
            onClose={close}
            onOrdered={() => {
              close();
              // An ordered quotation is no longer the person's quote record (the product offers 'Confirmar' again).
              onChange({ ...open.product, quoteRecord: null });
            }}
          />
        ) : null}
        {open?.kind === 'serviceOrder' ? <ServiceOrderDialog product={open.product} open onClose={close} /> : null}
        {open?.kind === 'activity' ? <ActivityDialog open onClose={close} draft={productActivityDraft(open.product)} /> : null}
        {open?.kind === 'compatibleVehicles' || open?.kind === 'askCompatibility' ? (
          <CompatibleVehiclesDialog product={open.product} open onClose={close} focusForm={open.kind === 'askCompatibility'} />
        ) : null}
      </Suspense>
    </DialogsContext.Provider>
  );
}

/** The options cell: availability, sale models 1/2 ('Comprar') and the quotation model's states (000 §4). */
export function ProductActions({ product, onChange }: { product: ProductView; onChange(p: ProductView): void }) {
  const { openLogin } = usePrompts();
  const { isGuest } = useSession();
  const notify = useToast();
  const [quantity, setQuantity] = useState('1');
  const [addQuantity, setAddQuantity] = useState(String(Math.min(product.quoteRecord?.quantity || 1, quotationLimit(product))));
  const openDialog = useContext(DialogsContext) ?? (() => undefined);
  const remaining = useRemaining(product.quoteRecord?.seller_response === 1 ? product.quoteRecord.expiresAt : null);
  const [problem, setProblem] = useState<string | null>(null);

  const fail = (err: unknown) => {
    if (isLoginRequired(err)) {
      openLogin({ closable: true, message: t('session.loginToQuote') });
      return;
    }
    if (err instanceof ApiError && err.code === 'Sign-up incomplete') return setProblem(t('customerConsole.signUpIncomplete'));
    setProblem(errorText(err, t('quotation.requestFailed')));
  };

  const addition = useApiMutation((v: { qty: number; quotationId?: string }) => addToCart(product.id, v.qty, v.quotationId), {
    metering: { silent: true },
    onMutate: () => setProblem(null),
    onSuccess: (res) => {
      const section = res.data?.section ?? product.cartTypeBySaleModel;
      onChange({ ...product, productAddedToCart: true, sectionShoppingCart: section });
      notify(t('customerConsole.addedToCart'));
    },
    onError: fail,
  });
  const quotation = useApiMutation((qty: string) => makeQuotation(product.id, qty), {
    metering: { silent: true },
    onMutate: () => setProblem(null),
    onSuccess: (res, qty) => {
      // The UI sets seller_response to 0 (000 §4): waiting for the seller.
      onChange({
        ...product,
        quoteRecord: res.data?.quoteRecord ?? {
          sale_id: res.data?.quotationId ?? product.quoteRecord?.sale_id ?? '',
          seller_response: 0,
          not_available: 0,
          quantity: Number(qty),
          expiresAt: null,
        },
      });
      notify(t('quotation.stockConfirmationSent'), { detail: t('quotation.stockConfirmationSentDetail') });
    },
    onError: fail,
  });
  const busy = addition.isPending || quotation.isPending;
  const add = (qty: number, quotationId?: string) => addition.mutate({ qty, quotationId });
  const confirm = () => {
    const issue = quotationQuantityProblem(quantity, product);
    if (issue) return setProblem(t(issue.key, issue.params));
    quotation.mutate(quantity);
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
        <Typography variant="body2" color="secondary.dark">
          {t('quotation.waitingForConfirmation')}
        </Typography>
      );
    } else if (q && q.seller_response === 1 && q.not_available === 0) {
      const max = quotationLimit(product);
      const addCapped = () => {
        const issue = quotationQuantityProblem(addQuantity, product);
        if (issue) return setProblem(t(issue.key, issue.params));
        add(Math.min(Number(addQuantity), max), q.sale_id);
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
          <Button size="small" variant="outlined" onClick={() => openDialog({ kind: 'order', product })} disabled={remaining === 0}>
            {t('customerConsole.makeOrder')}
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
      {!isGuest && product.available && product.actualPrice !== null ? (
        <>
          <Button size="small" sx={{ mt: 0.5, px: 0 }} onClick={() => openDialog({ kind: 'serviceOrder', product })}>
            {t('customerConsole.serviceOrderButton')}
          </Button>
        </>
      ) : null}
      <ScheduleActivityButton product={product} onOpen={() => openDialog({ kind: 'activity', product })} />
      <CompatibilityButtons
        product={product}
        onVehicles={() => openDialog({ kind: 'compatibleVehicles', product })}
        onAsk={() => openDialog({ kind: 'askCompatibility', product })}
      />
      {problem ? (
        <Alert severity="error" sx={{ mt: 0.5, py: 0 }}>
          {problem}
        </Alert>
      ) : null}
    </Box>
  );
}
