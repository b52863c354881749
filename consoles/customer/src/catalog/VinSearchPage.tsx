import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { Alert, Box, Button, List, ListItemButton, ListItemText, Paper, Stack, Typography } from '@mui/material';
import { checkVin, t } from '@tuerca/contracts';
import { api, ApiError } from '../app/api';
import { EmptyState, Loading } from '../app/ui';
import { catalogLanguage } from './language';
import { vehiclePath } from './routes';

interface VinVehicle {
  name: string;
  vehicleId: string;
  vehicleVIN: string | null;
  catalog: string;
  ssd: string;
}

type State =
  | { kind: 'searching' }
  | { kind: 'invalid'; messages: string[] }
  | { kind: 'found'; vehicles: VinVehicle[] }
  | { kind: 'notFound' }
  | { kind: 'error'; text: string };

/** /catalogo/catalog/v2/search/:VIN — checking length, searching, then found, not found, or error (001 §4). */
export function VinSearchPage() {
  const { VIN = '' } = useParams();
  const navigate = useNavigate();
  const [state, setState] = useState<State>({ kind: 'searching' });

  useEffect(() => {
    const check = checkVin(VIN);
    if (!check.ok && check.code === 'VIN must have 17 digits') {
      setState({ kind: 'invalid', messages: [t('vin.invalidTitle'), t('vin.mustHave17Detail')] });
      return;
    }
    setState({ kind: 'searching' });
    api
      .get<VinVehicle[]>('/catalogo/catalogV2/vehicleByVinOrFrame', { vinOrFrame: VIN, language: catalogLanguage() })
      .then((res) => {
        const list = res.data ?? [];
        if (list.length === 0) return setState({ kind: 'notFound' });
        if (list.length === 1) {
          const v = list[0]!;
          navigate(vehiclePath({ catalog: v.catalog, ssd: v.ssd, name: v.name, vehicleId: v.vehicleId, vin: v.vehicleVIN }), {
            replace: true,
          });
          return;
        }
        setState({ kind: 'found', vehicles: list });
      })
      .catch((err) => {
        if (err instanceof ApiError && err.code === 'VIN must have 17 digits')
          setState({ kind: 'invalid', messages: [t('vin.mustHave17Detail')] });
        else if (err instanceof ApiError && err.status === 404) setState({ kind: 'notFound' });
        else if (err instanceof ApiError && err.status === 0) setState({ kind: 'error', text: t('vin.requestFailed') });
        else setState({ kind: 'error', text: t('emptyStates.notEnoughData') });
      });
  }, [VIN, navigate]);

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, wordBreak: 'break-all' }}>
        {t('customerConsole.vinTitle')}: {VIN}
      </Typography>
      {state.kind === 'searching' ? <Loading label={t('customerConsole.vinSearching', { vin: VIN })} /> : null}
      {state.kind === 'invalid' ? (
        <Alert severity="warning">
          <strong>{state.messages[0]}</strong>
          {state.messages[1] ? <Box>{state.messages[1]}</Box> : null}
        </Alert>
      ) : null}
      {state.kind === 'error' ? <Alert severity="error">{state.text}</Alert> : null}
      {state.kind === 'notFound' ? (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <EmptyState title={t('vin.notRegistered', { vin: VIN })}>
            <Box component="ul" sx={{ textAlign: 'left', display: 'inline-block' }}>
              <li>{t('vin.tipCheckVin')}</li>
              <li>{t('vin.tipTrySearch')}</li>
            </Box>
            <Box>
              <Button variant="contained" component={RouterLink} to="/home/page/cotizacion?verifyShowVehicleQuotationForm">
                {t('vin.requestPart')}
              </Button>
            </Box>
          </EmptyState>
        </Paper>
      ) : null}
      {state.kind === 'found' ? (
        <Paper variant="outlined">
          <Typography sx={{ p: 2, pb: 0 }} component="h2" variant="h6">
            {t('customerConsole.vinResults', { vin: VIN })}
          </Typography>
          <Typography sx={{ px: 2 }} color="text.secondary">
            {t('customerConsole.chooseVehicle')}
          </Typography>
          <List>
            {state.vehicles.map((v) => (
              <ListItemButton
                key={`${v.vehicleId}`}
                component={RouterLink}
                to={vehiclePath({ catalog: v.catalog, ssd: v.ssd, name: v.name, vehicleId: v.vehicleId, vin: v.vehicleVIN })}
              >
                <ListItemText primary={v.name} secondary={`${t('catalogV2.catalog')}: ${v.catalog}`} />
              </ListItemButton>
            ))}
          </List>
        </Paper>
      ) : null}
    </Stack>
  );
}
