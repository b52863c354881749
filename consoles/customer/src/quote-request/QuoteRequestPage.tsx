import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Card, CardActionArea, CardContent, Stack, Typography } from '@mui/material';
import { quoteRequestsRoutes, t, vehicleLabel } from '@tuerca/contracts';
import { useRouteQuery } from '../app/queries';
import { useSession } from '../app/session';
import { usePrompts } from '../app/prompts';
import { Loading } from '../app/ui';
import { QuoteCartLists } from '../catalog/QuotationPage';
import { QuoteRequestForm } from './QuoteRequestForm';
import { QuoteRequestAnswers } from './QuoteRequestAnswers';

/** The person's requests, newest first; the chosen one's answers below. */
function MyRequests({ selected, onSelect }: { selected: string | null; onSelect(id: string): void }) {
  const query = useRouteQuery(quoteRequestsRoutes.mine, { query: { page: 0, pageSize: 20 } }, { refetchInterval: 30_000 });
  if (query.isPending) return <Loading />;
  const rows = query.data?.data ?? [];
  return (
    <Stack spacing={1.5} component="section" aria-labelledby="my-quote-requests">
      <Typography id="my-quote-requests" variant="h6" component="h2">
        {t('quoteRequests.myRequests')}
      </Typography>
      {rows.length === 0 ? <Typography color="text.secondary">{t('quoteRequests.noRequests')}</Typography> : null}
      {rows.map((r) => (
        <Card
          key={r.id}
          variant="outlined"
          sx={{ borderColor: r.id === selected ? 'primary.main' : undefined }}
          data-testid="quote-request-row"
        >
          <CardActionArea onClick={() => onSelect(r.id)} aria-label={`${t('quoteRequests.viewAnswers')}: ${vehicleLabel(r.vehicle)}`}>
            <CardContent sx={{ py: 1.5 }}>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between' }}>
                <Typography sx={{ fontWeight: 700 }}>{vehicleLabel(r.vehicle)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {new Date(r.createdAt).toLocaleString('es-CO', { dateStyle: 'medium', timeStyle: 'short' })}
                </Typography>
              </Stack>
              <Typography variant="body2">
                {t('quoteRequests.partsAndSellers', { parts: r.parts, sellers: r.sellers })} ·{' '}
                {t('quoteRequests.sellersAnswered', { answered: r.answered, total: r.sellers })}
              </Typography>
            </CardContent>
          </CardActionArea>
        </Card>
      ))}
    </Stack>
  );
}

/**
 * '/home/page/cotizacion' (000 §2 "Quotation form page"; 001 §2 '?verifyShowVehicleQuotationForm' from the vehicle
 * card and the VIN not-found page's 'Solicitar Autoparte'): the request form (opened by that parameter or by
 * 'Nueva solicitud'), the person's requests with the sellers' answers side by side, and the local quote cart.
 * Guests are asked to log in (000 §6: a guest cannot request quotes).
 */
export function QuoteRequestPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { isGuest } = useSession();
  const { openLogin } = usePrompts();
  const [formOpen, setFormOpen] = useState(params.has('verifyShowVehicleQuotationForm'));
  const [selected, setSelected] = useState<string | null>(params.get('solicitud'));
  const [sent, setSent] = useState<string | null>(null);

  return (
    <Stack spacing={3}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {t('quotation.quotationPageTitle')}
        </Typography>
        {!formOpen && !isGuest ? (
          <Button variant="contained" onClick={() => setFormOpen(true)}>
            {t('quoteRequests.newRequest')}
          </Button>
        ) : null}
      </Stack>
      {isGuest ? (
        <Alert
          severity="info"
          action={
            <Button color="inherit" onClick={() => openLogin()}>
              {t('joinSuppliers.login')}
            </Button>
          }
        >
          {t('quoteRequests.loginToRequest')}
        </Alert>
      ) : (
        <>
          {sent ? (
            <Alert severity="success" onClose={() => setSent(null)} data-testid="quote-request-sent">
              {sent}
            </Alert>
          ) : null}
          {formOpen ? (
            <QuoteRequestForm
              onCancel={() => setFormOpen(false)}
              onSent={(id, message) => {
                setFormOpen(false);
                setSent(message);
                setSelected(id);
                void navigate(`/home/page/cotizacion?solicitud=${id}`, { replace: true });
              }}
            />
          ) : null}
          <MyRequests selected={selected} onSelect={setSelected} />
          {selected ? <QuoteRequestAnswers key={selected} id={selected} /> : null}
        </>
      )}
      <QuoteCartLists />
    </Stack>
  );
}
