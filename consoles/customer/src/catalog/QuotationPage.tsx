import { Link as RouterLink } from 'react-router';
import { Button, Link, Stack, Typography } from '@mui/material';
import { t } from '@tuerca/contracts';
import { EmptyState } from '../app/ui';
import { useQuoteCart } from './quoteCart';
import { QuoteCartPanel } from './UnitPage';

/** /home/page/cotizacion: the local quote cart, one list per vehicle. */
export function QuotationPage() {
  const cart = useQuoteCart();
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {t('quotation.quotationPageTitle')}
      </Typography>
      {cart.length === 0 ? (
        <EmptyState title={t('customerConsole.quoteCartEmpty')}>
          <Button component={RouterLink} to="/catalogo/catalog/v2/" variant="contained" sx={{ mt: 2 }}>
            {t('customerConsole.catalogs')}
          </Button>
        </EmptyState>
      ) : null}
      {cart.map((entry) => (
        <Stack key={`${entry.vehicle.brand}|${entry.vehicle.name}|${entry.vehicle.vehicleId}`} spacing={1}>
          <Typography variant="h6" component="h2">
            {entry.vehicle.url ? (
              <Link component={RouterLink} to={entry.vehicle.url}>
                {entry.vehicle.brand} {entry.vehicle.name}
              </Link>
            ) : (
              `${entry.vehicle.brand} ${entry.vehicle.name}`
            )}
          </Typography>
          <QuoteCartPanel vehicle={entry.vehicle} parts={entry.parts} />
        </Stack>
      ))}
    </Stack>
  );
}
