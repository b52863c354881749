import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { quotationLimit, t, type ProductView } from '@tuerca/contracts';
import { errorText } from '../app/api';
import { useApiMutation } from '../app/queries';
import { useToast } from '../app/ui';
import { makeOrder } from './api';
import { formatPrice } from './ProductActions';

/**
 * The marketplace order dialog for an answered quotation (000 §2 "dialog has a comment field and a terms
 * checkbox"; §5 "terms must be accepted" and "Making an order checks the quantity against quotationMaxQuantity").
 */
export function OrderDialog(props: { product: ProductView; open: boolean; onClose(): void; onOrdered(): void }) {
  // Mounted only while open: each opening starts from the quoted quantity, no comment and the terms unticked.
  return props.open ? <OrderForm {...props} /> : null;
}

function OrderForm({ product, open, onClose, onOrdered }: { product: ProductView; open: boolean; onClose(): void; onOrdered(): void }) {
  const notify = useToast();
  const max = quotationLimit(product);
  const initial = Math.min(product.quoteRecord?.quantity || 1, max);
  const [quantity, setQuantity] = useState(String(initial));
  const [comment, setComment] = useState('');
  const [terms, setTerms] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const order = useApiMutation(makeOrder, {
    onSuccess: (res) => {
      notify(res.metadata.message ?? t('marketplace.orderPlaced', { ref: res.data.ref_venta }));
      onOrdered();
    },
    onError: (err) => setProblem(errorText(err, t('quotation.requestFailed'))),
  });
  const busy = order.isPending;

  const submit = () => {
    if (!terms) return setProblem(t('marketplaceOrder.termsRequired'));
    const n = Number(quantity);
    if (!/^\d+$/.test(quantity.trim()) || n < 1) return setProblem(t('quotation.quantityMustBePositive'));
    if (n > max) return setProblem(t('quotation.quantityExceedsMax', { max }));
    setProblem(null);
    order.mutate({ quotationId: product.quoteRecord!.sale_id, comment: comment.trim(), quantityOrder: n, acceptTerms: true });
  };

  const unit = formatPrice(product);
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="order-dialog-title">
      <DialogTitle id="order-dialog-title">{t('marketplaceOrder.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
            {t('customerConsole.orderOf', { title: product.title })}
          </Typography>
          {unit ? (
            <Typography variant="body2" color="text.secondary">
              {t('customerConsole.unitPrice')}: {unit}
            </Typography>
          ) : null}
          <TextField
            label={t('customerConsole.orderQuantity')}
            type="number"
            value={quantity}
            onChange={(e) => setQuantity(e.target.value)}
            helperText={t('customerConsole.orderQuantityHelp', { max })}
            slotProps={{ htmlInput: { min: 1, max } }}
          />
          <TextField
            label={t('marketplaceOrder.comment')}
            placeholder={t('customerConsole.orderCommentPlaceholder')}
            multiline
            minRows={3}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
          <FormControlLabel
            control={
              <Checkbox
                checked={terms}
                onChange={(e) => {
                  setTerms(e.target.checked);
                  setProblem(null);
                }}
              />
            }
            label={t('marketplaceOrder.acceptTerms')}
          />
          {problem ? (
            <Alert severity="error" role="alert">
              {problem}
            </Alert>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={busy}>
          {t('marketplaceOrder.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
