import { useEffect } from 'react';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { catalogLookupRoutes, checkVin, isVehicleToken, normalizeVin, t } from '@tuerca/contracts';
import { ApiError } from '../app/api';
import { useRouteQuery } from '../app/queries';
import { EmptyState, Loading } from '../app/ui';
import { STORAGE_KEYS, writeLocal } from '../app/storage';
import { catalogLanguage } from './language';
import { vehiclePath } from './routes';
import { VinCandidatePicker } from './VinCandidatePicker';

/**
 * /catalogo/catalog/v2/search/:VIN[?qr=] (001 §2, §4: checking length, searching, then found, not found or
 * error). `:VIN` is a VIN (or frame number) the person typed, or the opaque token of a vehicle card — then the
 * page never shows a VIN. An exact answer opens the vehicle's groups; candidates are the '¿Cuál es tu
 * vehículo?' picker, never shown as found; a vehicle the VIN names but the catalogue lacks is said by name.
 */
export function VinSearchPage() {
  const { VIN = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const token = isVehicleToken(VIN);
  const check = token ? null : checkVin(VIN);
  const tooShort = check !== null && !check.ok && check.code === 'VIN must have 17 digits' && !/-/.test(VIN);
  const qr = search.get('qr') ?? undefined;
  const lookup = useRouteQuery(
    catalogLookupRoutes.vehicleByVinOrFrame,
    { query: { vinOrFrame: VIN, QRID: qr, language: catalogLanguage() } },
    { enabled: !tooShort, retry: false, staleTime: 5 * 60_000 },
  );
  const answer = lookup.data;
  const exact = answer?.metadata.exact === true && answer.data.length === 1 ? answer.data[0]! : null;

  useEffect(() => {
    if (exact)
      navigate(
        vehiclePath({ catalog: exact.catalog, ssd: exact.ssd, name: exact.name, vehicleId: exact.vehicleId, vin: exact.vehicleVIN }),
        {
          replace: true,
        },
      );
  }, [exact, navigate]);

  const error = lookup.error;
  const named = error instanceof ApiError && error.code === 'Vehicle not in catalog' ? error.errors : null;
  const notFound = error instanceof ApiError && error.status === 404;
  const invalid = tooShort || (error instanceof ApiError && error.status === 400);
  const shownVin = token ? null : normalizeVin(VIN);

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, wordBreak: 'break-all' }}>
        {token ? t('vin.yourVehicle') : `${t('customerConsole.vinTitle')}: ${shownVin}`}
      </Typography>
      {invalid ? (
        <Alert severity="warning">
          <strong>{tooShort ? t('vin.invalidTitle') : (error as ApiError).errors[0]}</strong>
          <Box>{tooShort ? t('vin.mustHave17Detail') : ((error as ApiError).errors[1] ?? null)}</Box>
        </Alert>
      ) : null}
      {!invalid && (lookup.isPending || exact) ? (
        <Loading label={token ? t('common.loading') : t('customerConsole.vinSearching', { vin: shownVin ?? '' })} />
      ) : null}
      {error && !invalid && !notFound ? (
        <Alert severity="error">
          {error instanceof ApiError && error.status === 0 ? t('vin.requestFailed') : t('emptyStates.notEnoughData')}
        </Alert>
      ) : null}
      {notFound ? (
        <Paper variant="outlined" sx={{ p: 3 }} data-testid={named ? 'vin-not-in-catalog' : 'vin-not-registered'}>
          <EmptyState
            title={named?.[0] ?? (token ? t('vin.vehicleNotRegistered') : t('vin.notRegistered', { vin: shownVin ?? VIN }))}
            detail={named?.[1]}
          >
            <Box component="ul" sx={{ textAlign: 'left', display: 'inline-block' }}>
              {named ? null : <li>{t('vin.tipCheckVin')}</li>}
              <li>{t('vin.tipTrySearch')}</li>
            </Box>
            <Box>
              {/* 001 §2: 'Solicitar Autoparte' opens a quotation request; the form starts with this VIN. */}
              <Button
                variant="contained"
                component={RouterLink}
                to="/home/page/cotizacion?verifyShowVehicleQuotationForm"
                onClick={() => {
                  if (shownVin)
                    writeLocal(STORAGE_KEYS.currentVehicle, { license_plate: '', brand: '', model: '', year: null, vin: shownVin });
                }}
              >
                {t('vin.requestPart')}
              </Button>
            </Box>
          </EmptyState>
        </Paper>
      ) : null}
      {answer && !exact ? (
        answer.metadata.exact ? (
          // Several exact vehicles (a frame number shared by two versions): the spec's list of found vehicles.
          <VinCandidatePicker vin={shownVin} candidates={answer.data} decoded={null} />
        ) : (
          <VinCandidatePicker vin={shownVin} candidates={answer.data} decoded={answer.metadata.decoded} />
        )
      ) : null}
    </Stack>
  );
}
