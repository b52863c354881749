import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Chip,
  IconButton,
  Paper,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tabs,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { t, type CartItemView } from '@tuerca/contracts';
import { errorText } from '../app/api';
import { EmptyState, Loading, useToast } from '../app/ui';
import { cartItems, removeCartItem, updateCartItem, verifyMinimumValue, type CartSectionName, type MinimumCheck } from '../products/api';

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

/** The cart page path, prefixed with the store's path prefix when there is one (000 §2). */
export function cartPath(section: CartSectionName, pathPrefix?: string | null): string {
  return `${pathPrefix ? `/${pathPrefix}` : ''}/cart/page/index/${section}`;
}

interface StoreGroup {
  storeId: string;
  storeName: string;
  currency: string;
  total: number;
  lines: CartItemView[];
}

function groupByStore(items: CartItemView[]): StoreGroup[] {
  const groups = new Map<string, StoreGroup>();
  for (const item of items) {
    const g = groups.get(item.storeId) ?? {
      storeId: item.storeId,
      storeName: item.storeName,
      currency: item.currency,
      total: 0,
      lines: [],
    };
    g.lines.push(item);
    g.total += (item.unitPrice ?? 0) * item.quantity;
    groups.set(item.storeId, g);
  }
  return [...groups.values()];
}

function QuantityCell({ item, onSave, busy }: { item: CartItemView; onSave(quantity: number): void; busy: boolean }) {
  const [value, setValue] = useState(String(item.quantity));
  useEffect(() => setValue(String(item.quantity)), [item.quantity]);
  const changed = value !== String(item.quantity);
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
        slotProps={{ htmlInput: { min: 1, 'aria-label': t('customerConsole.quantityOf', { title: item.title }) } }}
      />
      {changed ? (
        <Button size="small" onClick={submit} disabled={busy}>
          {t('customerConsole.updateQuantity')}
        </Button>
      ) : null}
    </Stack>
  );
}

/** /cart/page/index/{section} (section cart | favorites), optionally under a store path prefix (000 §2). */
export function CartPage() {
  const { section: raw = 'cart', prefix } = useParams();
  const section: CartSectionName = raw === 'favorites' ? 'favorites' : 'cart';
  const navigate = useNavigate();
  const notify = useToast();
  const [items, setItems] = useState<CartItemView[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<{ id: string; text: string } | null>(null);
  const [minimum, setMinimum] = useState<{ check: MinimumCheck; message: string | null } | null>(null);
  const [checking, setChecking] = useState(false);

  const load = useCallback(() => {
    setFailed(false);
    cartItems(section)
      .then((r) => setItems(r.data ?? []))
      .catch(() => {
        setItems([]);
        setFailed(true);
      });
  }, [section]);

  useEffect(() => {
    setItems(null);
    setMinimum(null);
    load();
  }, [load]);

  const groups = useMemo(() => groupByStore(items ?? []), [items]);

  const update = async (item: CartItemView, quantity: number) => {
    setBusy(item.id);
    setProblem(null);
    try {
      const res = await updateCartItem(section, item.id, quantity);
      setItems((list) => (list ?? []).map((x) => (x.id === item.id ? res.data : x)));
      setMinimum(null);
      notify(t('marketplace.cartItemUpdated'));
    } catch (err) {
      setProblem({ id: item.id, text: errorText(err, t('quotation.requestFailed')) });
    } finally {
      setBusy(null);
    }
  };

  const remove = async (item: CartItemView) => {
    setBusy(item.id);
    try {
      await removeCartItem(section, item.id);
      setItems((list) => (list ?? []).filter((x) => x.id !== item.id));
      setMinimum(null);
      notify(t('marketplace.cartItemRemoved'));
    } catch (err) {
      notify(errorText(err, t('quotation.requestFailed')), { severity: 'error' });
    } finally {
      setBusy(null);
    }
  };

  const verify = async () => {
    setChecking(true);
    try {
      const res = await verifyMinimumValue();
      setMinimum({ check: res.data, message: res.metadata.message ?? null });
    } catch (err) {
      notify(errorText(err, t('quotation.requestFailed')), { severity: 'error' });
    } finally {
      setChecking(false);
    }
  };

  const minimumByStore = new Map((minimum?.check.stores ?? []).map((s) => [s.storeId, s]));

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {section === 'favorites' ? t('cart.favorites') : t('cart.title')}
      </Typography>
      <Tabs
        value={section}
        onChange={(_e, v: CartSectionName) => navigate(cartPath(v, prefix))}
        aria-label={t('customerConsole.cartSections')}
      >
        <Tab value="cart" label={t('cart.title')} />
        <Tab value="favorites" label={t('cart.favorites')} />
      </Tabs>
      {items === null ? <Loading /> : null}
      {failed ? <EmptyState title={t('customerConsole.cartLoadFailed')} /> : null}
      {items && !failed && items.length === 0 ? (
        <EmptyState title={section === 'favorites' ? t('customerConsole.emptyFavorites') : t('cart.emptyCart')}>
          <Button sx={{ mt: 2 }} variant="contained" component={RouterLink} to="/">
            {t('customerConsole.keepSearching')}
          </Button>
        </EmptyState>
      ) : null}
      {groups.map((g) => {
        const check = minimumByStore.get(g.storeId);
        return (
          <Paper key={g.storeId} variant="outlined" sx={{ p: { xs: 1, md: 2 } }} data-testid="cart-store">
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              {g.storeName}
            </Typography>
            <TableContainer>
              <Table size="small" aria-label={g.storeName}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('results.description')}</TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('customerConsole.unitPrice')}</TableCell>
                    <TableCell>{t('quotation.quantity')}</TableCell>
                    <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                      {t('customerConsole.subtotal')}
                    </TableCell>
                    <TableCell />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {g.lines.map((item) => (
                    <TableRow key={item.id} data-testid="cart-line">
                      <TableCell>
                        <Typography variant="body2" sx={{ fontWeight: 600 }}>
                          {item.title}
                        </Typography>
                        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                          {item.reference ? (
                            <Typography variant="caption" sx={{ fontFamily: 'monospace' }}>
                              {item.reference}
                            </Typography>
                          ) : null}
                          {item.quotationId ? <Chip size="small" color="info" label={t('customerConsole.quotedItem')} /> : null}
                        </Stack>
                        <Typography variant="caption" color="text.secondary" component="p" sx={{ display: { sm: 'none' } }}>
                          {item.unitPrice === null
                            ? t('customerConsole.priceToAgree')
                            : `${money(item.unitPrice, item.currency)} · ${t('customerConsole.subtotal')}: ${money(item.unitPrice * item.quantity, item.currency)}`}
                        </Typography>
                        {problem?.id === item.id ? (
                          <Alert severity="error" sx={{ mt: 0.5, py: 0 }}>
                            {problem.text}
                          </Alert>
                        ) : null}
                      </TableCell>
                      <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, whiteSpace: 'nowrap' }}>
                        {item.unitPrice === null ? t('customerConsole.priceToAgree') : money(item.unitPrice, item.currency)}
                      </TableCell>
                      <TableCell>
                        <QuantityCell item={item} busy={busy === item.id} onSave={(q) => update(item, q)} />
                      </TableCell>
                      <TableCell
                        align="right"
                        sx={{ whiteSpace: 'nowrap', display: { xs: 'none', sm: 'table-cell' } }}
                        data-testid="cart-line-subtotal"
                      >
                        {item.unitPrice === null ? '—' : money(item.unitPrice * item.quantity, item.currency)}
                      </TableCell>
                      <TableCell align="right">
                        <Tooltip title={t('customerConsole.removeItem', { title: item.title })}>
                          <span>
                            <IconButton
                              onClick={() => remove(item)}
                              disabled={busy === item.id}
                              aria-label={t('customerConsole.removeItem', { title: item.title })}
                            >
                              <DeleteOutlineIcon />
                            </IconButton>
                          </span>
                        </Tooltip>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            <Box sx={{ textAlign: 'right', pt: 1.5, px: 1 }}>
              <Typography variant="subtitle1" sx={{ fontWeight: 700 }} data-testid="cart-store-total">
                {t('customerConsole.storeTotal', { store: g.storeName })}: {money(g.total, g.currency)}
              </Typography>
              {check ? (
                <Typography variant="body2" color={check.ok ? 'success.main' : 'error.main'}>
                  {t('customerConsole.storeMinimum', { store: g.storeName, minimum: money(check.minimum, check.currency) })}
                </Typography>
              ) : null}
            </Box>
          </Paper>
        );
      })}
      {section === 'cart' && items && items.length > 0 ? (
        <Box>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button variant="contained" onClick={verify} disabled={checking}>
              {t('customerConsole.verifyMinimum')}
            </Button>
          </Stack>
          {minimum ? (
            <Alert severity={minimum.check.ok ? 'success' : 'warning'} sx={{ mt: 1 }} data-testid="minimum-check">
              {minimum.check.ok ? t('customerConsole.minimumReached') : (minimum.message ?? t('cart.minimumValueNotReached'))}
            </Alert>
          ) : null}
        </Box>
      ) : null}
    </Stack>
  );
}
