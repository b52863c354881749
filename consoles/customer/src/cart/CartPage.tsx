import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  Divider,
  FormControlLabel,
  IconButton,
  Paper,
  Stack,
  Tab,
  Tabs,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import ShoppingCartCheckoutIcon from '@mui/icons-material/ShoppingCartCheckout';
import { cartRoutes, formatCents, t, type CartLine, type CartStoreSummary, type RouteResponse } from '@tuerca/contracts';
import { errorText } from '../app/api';
import { routeKey } from '../app/queries';
import { usePrompts } from '../app/prompts';
import { useSession } from '../app/session';
import { STORAGE_KEYS, writeLocal } from '../app/storage';
import { EmptyState, LoadFailed, Loading, useToast } from '../app/ui';
import {
  downloadCartQuotation,
  useCartLines,
  useDeleteLines,
  useRestoreLines,
  useSaveCart,
  useUpdateQuantity,
  useVerifyMinimum,
  type CartSection,
} from './queries';
import { cartPath } from './paths';

/** An amount in its store's currency (COP without decimals, MXN with two). */
export function money(amount: number, currency: string): string {
  const mx = currency === 'MXN';
  const text = new Intl.NumberFormat(mx ? 'es-MX' : 'es-CO', {
    style: 'currency',
    currency,
    maximumFractionDigits: mx ? 2 : 0,
  }).format(amount);
  return `${text} ${currency}`;
}

/** Where 'Comprar' leads: the checkout of the selected lines (a Tuerca page; the spec shows none). */
export const CHECKOUT_PATH = '/cart/page/checkout';

type LinesAnswer = RouteResponse<typeof cartRoutes.items>;

interface StoreGroup {
  storeId: string;
  storeName: string;
  lines: CartLine[];
  summary: CartStoreSummary | undefined;
}

function groupByStore(lines: CartLine[], summaries: CartStoreSummary[]): StoreGroup[] {
  const groups = new Map<string, StoreGroup>();
  for (const line of lines) {
    const g = groups.get(line.storeId) ?? {
      storeId: line.storeId,
      storeName: line.storeName,
      lines: [],
      summary: summaries.find((s) => s.storeId === line.storeId),
    };
    g.lines.push(line);
    groups.set(line.storeId, g);
  }
  return [...groups.values()];
}

/** spec 000 §7 verifyMinimunValue, per store: the text naming the store that falls short, else null. */
export function minimumShortText(s: CartStoreSummary): string | null {
  if (s.minimumMet || s.selectedLines === 0) return null;
  return t('cart.storeMinimumShort', {
    store: s.storeName,
    minimum: formatCents(s.minimumCents, s.currency),
    missing: formatCents(s.minimumCents - s.amounts.totalCents, s.currency),
  });
}

function QuantityField({ line, onSave, busy }: { line: CartLine; onSave(quantity: number): void; busy: boolean }) {
  const [value, setValue] = useState(String(line.quantity));
  useEffect(() => setValue(String(line.quantity)), [line.quantity]);
  const changed = value !== String(line.quantity);
  const submit = () => {
    const n = Number(value);
    onSave(Number.isInteger(n) ? n : 0);
  };
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <TextField
        size="small"
        type="number"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') submit();
        }}
        sx={{ width: 84 }}
        slotProps={{ htmlInput: { min: 1, max: line.maxQuantity, 'aria-label': t('customerConsole.quantityOf', { title: line.title }) } }}
      />
      {changed ? (
        <Button size="small" onClick={submit} disabled={busy}>
          {t('customerConsole.updateQuantity')}
        </Button>
      ) : null}
    </Stack>
  );
}

function LineRow(props: {
  line: CartLine;
  section: CartSection;
  busy: boolean;
  problem: string | null;
  onToggle(): void;
  onQuantity(quantity: number): void;
  onRemove(): void;
}) {
  const { line } = props;
  const removeLabel = t('customerConsole.removeItem', { title: line.title });
  return (
    <Box data-testid="cart-line" data-selected={line.selected ? 'true' : 'false'} sx={{ py: 1.5, display: 'flex', gap: 1, minWidth: 0 }}>
      {props.section === 'cart' ? (
        <Checkbox
          checked={line.selected}
          onChange={props.onToggle}
          disabled={props.busy}
          slotProps={{ input: { 'aria-label': t('cart.selectLine', { title: line.title }) } }}
          sx={{ alignSelf: 'flex-start', mt: -0.5, ml: -1 }}
        />
      ) : null}
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {line.title}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 0.25 }}>
          {line.reference ? (
            <Typography variant="caption" sx={{ fontFamily: 'monospace' }}>
              {line.reference}
            </Typography>
          ) : null}
          <Typography variant="caption" color="text.secondary">
            {line.manufacturerTitle}
          </Typography>
          {line.quotationId ? <Chip size="small" color="info" label={t('customerConsole.quotedItem')} /> : null}
          {line.salesModel === 2 ? <Chip size="small" variant="outlined" label={t('cart.orderModelLine')} /> : null}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {line.unitPriceCents === null
            ? t('cart.hiddenPrice')
            : `${t('customerConsole.unitPrice')}: ${formatCents(line.unitPriceCents, line.currency)}${line.discountPercentage > 0 ? ` (−${line.discountPercentage} %)` : ''}`}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 1 }}>
          <QuantityField line={line} busy={props.busy} onSave={props.onQuantity} />
          <Box sx={{ flexGrow: 1 }} />
          {line.lineTotalCents !== null ? (
            <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap' }} data-testid="cart-line-subtotal">
              {formatCents(line.lineTotalCents, line.currency)}
            </Typography>
          ) : null}
          <Tooltip title={removeLabel}>
            <span>
              <IconButton onClick={props.onRemove} disabled={props.busy} aria-label={removeLabel}>
                <DeleteOutlineIcon />
              </IconButton>
            </span>
          </Tooltip>
        </Stack>
        {line.problem ? (
          <Alert severity="warning" sx={{ mt: 0.5, py: 0 }}>
            {line.problem}
          </Alert>
        ) : null}
        {props.problem ? (
          <Alert severity="error" sx={{ mt: 0.5, py: 0 }}>
            {props.problem}
          </Alert>
        ) : null}
      </Box>
    </Box>
  );
}

/** A store's part of the selection: subtotal, the store's discount, the IVA included, total, its minimum. */
export function StoreSummary({ summary }: { summary: CartStoreSummary }) {
  const { amounts, currency } = summary;
  const short = minimumShortText(summary);
  return (
    <Box sx={{ textAlign: 'right', pt: 1 }} data-testid="cart-store-summary">
      <Typography variant="body2" color="text.secondary">
        {t('cart.subtotalSelected')}: {formatCents(amounts.subtotalCents, currency)}
      </Typography>
      {amounts.discountCents > 0 ? (
        <Typography variant="body2" color="success.main">
          {t('cart.discount')}: −{formatCents(amounts.discountCents, currency)}
        </Typography>
      ) : null}
      <Typography variant="subtitle1" sx={{ fontWeight: 700 }} data-testid="cart-store-total">
        {t('customerConsole.storeTotal', { store: summary.storeName })}: {formatCents(amounts.totalCents, currency)}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {t('cart.ivaIncluded', { rate: amounts.ivaRate, amount: formatCents(amounts.ivaCents, currency) })}
      </Typography>
      {short ? (
        <Alert severity="warning" sx={{ mt: 1, textAlign: 'left' }} data-testid="store-minimum-short">
          {short}
        </Alert>
      ) : null}
    </Box>
  );
}

/** /cart/page/index/{section} (section cart | favorites), optionally under a store path prefix (000 §2). */
export function CartPage() {
  const { section: raw = 'cart', prefix } = useParams();
  const section: CartSection = raw === 'favorites' ? 'favorites' : 'cart';
  const navigate = useNavigate();
  const notify = useToast();
  const client = useQueryClient();
  const { isGuest } = useSession();
  const { openLogin } = usePrompts();
  const query = useCartLines(section);
  const save = useSaveCart();
  const updateQuantity = useUpdateQuantity(section);
  const deleteLines = useDeleteLines();
  const restore = useRestoreLines(section);
  const verify = useVerifyMinimum();
  const [problem, setProblem] = useState<{ id: string; text: string } | null>(null);
  const [downloading, setDownloading] = useState(false);

  const lines = query.data?.data ?? [];
  const summaries = query.data?.metadata.stores ?? [];
  const groups = groupByStore(lines, summaries);
  const selected = lines.filter((l) => l.selected);
  const busy = save.isPending || deleteLines.isPending || updateQuantity.isPending;

  /**
   * Selection is saved with saveShopping; the page shows it at once, in the same event (a controlled checkbox must
   * change before the click returns). A refresh of the lines already on its way (the previous change's) is cancelled
   * without reverting: its answer predates this change and would put the old selection back.
   */
  const select = (next: CartLine[]) => {
    const key = routeKey(cartRoutes.items, { query: { module: section } });
    void client.cancelQueries({ queryKey: key }, { revert: false });
    client.setQueryData<LinesAnswer>(key, (old) => (old ? { ...old, data: next } : old));
    verify.reset();
    save.mutate(next, { onError: (err) => notify(errorText(err, t('quotation.requestFailed')), { severity: 'error' }) });
  };
  const toggle = (line: CartLine) => select(lines.map((l) => (l.id === line.id ? { ...l, selected: !l.selected } : l)));
  const allSelected = lines.length > 0 && selected.length === lines.length;
  const toggleAll = () => select(lines.map((l) => ({ ...l, selected: !allSelected })));

  const changeQuantity = (line: CartLine, quantity: number) => {
    setProblem(null);
    updateQuantity.mutate(
      { id: line.id, quantity },
      {
        onSuccess: () => notify(t('marketplace.cartItemUpdated')),
        onError: (err) => setProblem({ id: line.id, text: errorText(err, t('quotation.requestFailed')) }),
      },
    );
  };

  /** Removal with 'Deshacer': the answer is the removed lines, which the undo adds back. */
  const remove = (ids: string[]) => {
    deleteLines.mutate(ids, {
      onSuccess: (res) => {
        const removed = res.data;
        notify(removed.length === 1 ? t('marketplace.cartItemRemoved') : t('cart.deletedSelected'), {
          ms: 8000,
          action: {
            label: t('cart.undo'),
            onClick: () => {
              void Promise.all(removed.map((l) => restore.mutateAsync(l)))
                .then(() => notify(t('cart.restored')))
                .catch((err: unknown) => notify(errorText(err, t('quotation.requestFailed')), { severity: 'error' }));
            },
          },
        });
      },
      onError: (err) => notify(errorText(err, t('quotation.requestFailed')), { severity: 'error' }),
    });
  };

  const download = async () => {
    setDownloading(true);
    try {
      await downloadCartQuotation();
      notify(t('cart.quotationDownloaded'));
    } catch (err) {
      notify(errorText(err, t('quotation.requestFailed')), { severity: 'error' });
    } finally {
      setDownloading(false);
    }
  };

  /** 'Comprar': a guest logs in first (the cart is kept and joins the account's), then the checkout. */
  const buy = () => {
    if (isGuest) {
      writeLocal(STORAGE_KEYS.returnUrl, CHECKOUT_PATH);
      openLogin({ closable: true, message: t('checkout.loginToBuy'), onLoggedIn: () => navigate(CHECKOUT_PATH) });
      return;
    }
    navigate(CHECKOUT_PATH);
  };

  /** The last verifyMinimunValue answer for a store (000 §7), shown in its box. */
  const minimumOf = (storeId: string) => verify.data?.data.stores.find((s) => s.storeId === storeId);
  const short = summaries.map(minimumShortText).filter((x): x is string => x !== null);
  const blocked = selected.length === 0 || selected.some((l) => l.problem !== null) || short.length > 0;

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {section === 'favorites' ? t('cart.favorites') : t('cart.title')}
      </Typography>
      <Tabs value={section} onChange={(_e, v: CartSection) => navigate(cartPath(v, prefix))} aria-label={t('customerConsole.cartSections')}>
        <Tab value="cart" label={t('cart.title')} />
        <Tab value="favorites" label={t('cart.favorites')} />
      </Tabs>
      {query.isPending ? <Loading /> : null}
      {query.isError ? <LoadFailed onRetry={() => void query.refetch()} detail={t('customerConsole.cartLoadFailed')} /> : null}
      {query.isSuccess && lines.length === 0 ? (
        <EmptyState title={section === 'favorites' ? t('customerConsole.emptyFavorites') : t('cart.emptyCart')}>
          <Button sx={{ mt: 2 }} variant="contained" component={RouterLink} to="/">
            {t('customerConsole.keepSearching')}
          </Button>
        </EmptyState>
      ) : null}
      {section === 'cart' && lines.length > 0 ? (
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <FormControlLabel
            control={
              <Checkbox checked={allSelected} indeterminate={selected.length > 0 && !allSelected} onChange={toggleAll} disabled={busy} />
            }
            label={t('cart.selectAll')}
          />
          <Typography color="text.secondary" data-testid="cart-selected-count">
            {t('cart.selectedCount', { count: selected.length })}
          </Typography>
          <Box sx={{ flexGrow: 1 }} />
          <Button
            color="error"
            startIcon={<DeleteOutlineIcon />}
            disabled={selected.length === 0 || busy}
            onClick={() => remove(selected.map((l) => l.id))}
          >
            {t('cart.removeSelected')}
          </Button>
        </Stack>
      ) : null}
      {groups.map((g) => (
        <Paper key={g.storeId} variant="outlined" sx={{ p: { xs: 1.5, md: 2 }, minWidth: 0 }} data-testid="cart-store">
          <Typography variant="h6" component="h2">
            {g.storeName}
          </Typography>
          {g.lines.map((line, i) => (
            <Box key={line.id}>
              {i > 0 ? <Divider /> : null}
              <LineRow
                line={line}
                section={section}
                busy={busy}
                problem={problem?.id === line.id ? problem.text : null}
                onToggle={() => toggle(line)}
                onQuantity={(q) => changeQuantity(line, q)}
                onRemove={() => remove([line.id])}
              />
            </Box>
          ))}
          {section === 'cart' && g.summary && g.summary.selectedLines > 0 ? <StoreSummary summary={g.summary} /> : null}
          {minimumOf(g.storeId) ? (
            <Typography
              variant="body2"
              sx={{ textAlign: 'right', mt: 0.5 }}
              color={minimumOf(g.storeId)!.ok ? 'success.main' : 'error.main'}
            >
              {t('customerConsole.storeMinimum', {
                store: g.storeName,
                minimum: money(minimumOf(g.storeId)!.minimum, minimumOf(g.storeId)!.currency),
              })}
            </Typography>
          ) : null}
        </Paper>
      ))}
      {section === 'cart' && lines.length > 0 ? (
        <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 2 } }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button
              startIcon={<PictureAsPdfIcon />}
              onClick={download}
              disabled={downloading || selected.length === 0}
              data-testid="download-quotation"
            >
              {t('cart.downloadQuotation')}
            </Button>
            <Button variant="outlined" onClick={() => verify.mutate({})} disabled={verify.isPending || selected.length === 0}>
              {t('customerConsole.verifyMinimum')}
            </Button>
            <Button
              variant="contained"
              size="large"
              startIcon={<ShoppingCartCheckoutIcon />}
              onClick={buy}
              disabled={blocked || busy}
              data-testid="cart-buy"
            >
              {t('cart.buy')}
            </Button>
          </Stack>
          {verify.data ? (
            <Alert severity={verify.data.data.ok ? 'success' : 'warning'} sx={{ mt: 1 }} data-testid="minimum-check">
              {verify.data.data.ok
                ? t('customerConsole.minimumReached')
                : verify.data.data.stores
                    .map((s) => s.message)
                    .filter(Boolean)
                    .join(' ') || t('cart.minimumValueNotReached')}
            </Alert>
          ) : null}
          {verify.isError ? (
            <Alert severity="error" sx={{ mt: 1 }}>
              {errorText(verify.error, t('quotation.requestFailed'))}
            </Alert>
          ) : null}
          {selected.length === 0 ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1, textAlign: 'right' }}>
              {t('checkout.nothingSelected')}
            </Typography>
          ) : null}
        </Paper>
      ) : null}
    </Stack>
  );
}
