import { Link as RouterLink } from 'react-router';
import { Link, Stack, Typography } from '@mui/material';
import { useQuoteCart } from './quoteCart';
import { QuoteCartPanel } from './UnitPage';

/**
 * The local quote cart (000 §3: one entry per vehicle, its parts with amount and selection), one list per
 * vehicle, on the quotation page ('/home/page/cotizacion', quote-request/QuoteRequestPage); its selected parts
 * fill the request form.
 */
export function QuoteCartLists() {
  const cart = useQuoteCart();
  return (
    <Stack spacing={2}>
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
