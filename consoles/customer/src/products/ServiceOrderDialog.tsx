import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { serviceOrderSchema, serviceOrderTotal, t, type ProductView } from '@tuerca/contracts';
import { errorText } from '../app/api';
import { useApiMutation } from '../app/queries';
import { useToast } from '../app/ui';
import { saveServiceOrderPrice } from './api';
import { formatPrice } from './ProductActions';

type TypePrice = 'no_utility' | 'price_with_utility' | 'manual_price';

const TYPES: { value: TypePrice; label: Parameters<typeof t>[0] }[] = [
  { value: 'no_utility', label: 'serviceOrder.noUtility' },
  { value: 'price_with_utility', label: 'serviceOrder.priceWithUtility' },
  { value: 'manual_price', label: 'serviceOrder.manualPrice' },
];

/** spec 000 §5: the total is rounded to 2 decimals; shown with the store's currency through Intl. */
const twoDecimals = (n: number, currency: string) =>
  new Intl.NumberFormat(currency === 'MXN' ? 'es-MX' : 'es-CO', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: true,
  }).format(n);

/**
 * Service order price modal (000 §2, §5): type_price, price, utility; with utility the total is
 * actualPrice / (1 − utility/100), shown live with two decimals; saved with serviceOrderPrice.
 */
export function ServiceOrderDialog(props: { product: ProductView; open: boolean; onClose(): void }) {
  // Mounted only while open: each opening starts from an empty form.
  return props.open ? <ServiceOrderForm {...props} /> : null;
}

function ServiceOrderForm({ product, open, onClose }: { product: ProductView; open: boolean; onClose(): void }) {
  const notify = useToast();
  const [typePrice, setTypePrice] = useState<TypePrice | ''>('');
  const [price, setPrice] = useState('');
  const [utility, setUtility] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const actual = product.actualPrice ?? 0;
  const saving = useApiMutation(
    (body: { type_price: string; price?: number; utility?: number }) => saveServiceOrderPrice(product.id, body),
    {
      onSuccess: (res) => {
        notify(res.metadata.message ?? t('marketplace.serviceOrderSaved'));
        onClose();
      },
      onError: (err) => setProblem(errorText(err, t('quotation.requestFailed'))),
    },
  );
  const busy = saving.isPending;

  const utilityNumber = Number(utility);
  const liveTotal =
    typePrice === 'price_with_utility' &&
    utility.trim() !== '' &&
    Number.isFinite(utilityNumber) &&
    utilityNumber >= 0 &&
    utilityNumber < 100
      ? serviceOrderTotal(actual, utilityNumber)
      : null;

  const submit = () => {
    const body = {
      type_price: typePrice || undefined,
      price: typePrice === 'manual_price' && price.trim() !== '' ? price : undefined,
      utility: typePrice === 'price_with_utility' && utility.trim() !== '' ? utility : undefined,
    };
    const parsed = serviceOrderSchema.safeParse(body);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0] ?? 'type_price')] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    setProblem(null);
    saving.mutate(parsed.data);
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="service-order-title">
      <DialogTitle id="service-order-title">{t('serviceOrder.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Box>
            <Typography variant="subtitle2">{product.title}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t('customerConsole.serviceOrderBase', { price: formatPrice(product) ?? '—' })}
            </Typography>
          </Box>
          <FormControl error={Boolean(errors.type_price)}>
            <FormLabel id="type-price-label">{t('serviceOrder.typePrice')}</FormLabel>
            <RadioGroup aria-labelledby="type-price-label" value={typePrice} onChange={(e) => setTypePrice(e.target.value as TypePrice)}>
              {TYPES.map((x) => (
                <FormControlLabel key={x.value} value={x.value} control={<Radio />} label={t(x.label)} />
              ))}
            </RadioGroup>
            {errors.type_price ? <FormHelperText>{errors.type_price}</FormHelperText> : null}
          </FormControl>
          {typePrice === 'manual_price' ? (
            <TextField
              label={t('serviceOrder.price')}
              type="number"
              value={price}
              onChange={(e) => setPrice(e.target.value)}
              error={Boolean(errors.price)}
              helperText={errors.price}
              slotProps={{ htmlInput: { min: 0, step: 'any' } }}
            />
          ) : null}
          {typePrice === 'price_with_utility' ? (
            <>
              <TextField
                label={t('serviceOrder.utility')}
                type="number"
                value={utility}
                onChange={(e) => setUtility(e.target.value)}
                error={Boolean(errors.utility)}
                helperText={errors.utility}
                slotProps={{ htmlInput: { min: 0, max: 99.99, step: 'any' } }}
              />
              <Typography variant="h6" component="p" aria-live="polite" data-testid="service-order-total">
                {t('serviceOrder.total')}: {liveTotal === null ? '—' : `${twoDecimals(liveTotal, product.currency)} ${product.currency}`}
              </Typography>
            </>
          ) : null}
          {problem ? <Alert severity="error">{problem}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={busy}>
          {t('common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
