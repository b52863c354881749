import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { t } from '@tuerca/contracts';
import { writeLocal, STORAGE_KEYS } from '../app/storage';
import { useAppParameters } from '../app/appParameters';
import { catalogSearchPath, useVinHasCatalog } from './vinCatalog';

export interface PlateVehicle {
  id?: string;
  license_plate: string;
  brand: string;
  model: string;
  year: number | null;
  VIN?: string | null;
  vin?: string | null;
  cylinder_capacity?: string | number | null;
  class?: string | null;
  body_type?: string | null;
  fuel_type?: string | null;
  color?: string | null;
  city?: string | null;
  number_of_doors?: number | null;
  /** The VIN sealed for the catalogue (garage and the plate lookup hand it out instead of the VIN). */
  catalogToken?: string | null;
  is_test?: boolean;
  country?: 'CO' | 'MX';
}

/**
 * 001 §2/§6: the quotation button needs the go-module active. Tuerca's quotation module (the home quotation
 * page) is part of this console, so it is on; a screen may still not allow the button.
 */
export const GO_MODULE_ACTIVE = true;

const FIELDS: [keyof PlateVehicle, Parameters<typeof t>[0]][] = [
  ['brand', 'vehicleForm.brand'],
  ['model', 'vehicleForm.model'],
  ['year', 'vehicleForm.year'],
  ['VIN', 'vehicleForm.vin'],
  ['cylinder_capacity', 'vehicleForm.cylinderCapacity'],
  ['class', 'vehicleForm.vehicleClass'],
  ['body_type', 'vehicleForm.bodyType'],
  ['fuel_type', 'vehicleForm.fuelType'],
  ['color', 'vehicleForm.color'],
  ['city', 'vehicleForm.city'],
  ['number_of_doors', 'vehicleForm.numberOfDoors'],
];

/**
 * Vehicle card (001 §2): found in Tuerca, the data, and the buttons each under its condition —
 * 'request a parts quotation' only with the go-module active and the button allowed; 'view parts in the
 * catalogue' only when the catalogue answers the VIN catalogue check (VINHasCatalog with the vehicle's opaque
 * token; test vehicles skip it) — it opens the catalogue's VIN page, which shows the exact vehicle's groups;
 * 'available products for the brand and model' only in a virtual store. Without a catalogue the card says the
 * diagram search is not available. Identity numbers arrive masked unless the person typed them.
 */
export function VehicleCard({
  vehicle,
  children,
  allowQuotation = true,
  guestNoQueries = false,
}: {
  vehicle: PlateVehicle;
  children?: React.ReactNode;
  /** The screen allows the quotation button (e.g. not while creating a vehicle in a workshop). */
  allowQuotation?: boolean;
  /** A guest with no query available: the card explains what the plate gives. */
  guestNoQueries?: boolean;
}) {
  // The token when there is one; a VIN typed in this browser (the vehicle form) works as well.
  const typedVin = vehicle.VIN ?? vehicle.vin ?? null;
  const link = vehicle.catalogToken ?? (typedVin && !typedVin.includes('•') ? typedVin : null);
  const hasCatalog = useVinHasCatalog(link, vehicle.is_test === true);
  const params = useAppParameters();
  const brandModel = [vehicle.brand, vehicle.model].filter(Boolean).join(' ');
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="vehicle-card">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <CheckCircleIcon color="success" />
        <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
          {t('vehicleCard.found')}
        </Typography>
      </Stack>
      {guestNoQueries ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('vehicleCard.guestNoQueries')}
        </Typography>
      ) : null}
      <Typography variant="h6" component="h3">
        {[vehicle.model.toLowerCase().startsWith(vehicle.brand.toLowerCase()) ? null : vehicle.brand, vehicle.model, vehicle.year]
          .filter((x) => x !== null && x !== undefined && x !== '')
          .join(' ')}
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)' }, gap: 1, my: 1 }}>
        {FIELDS.map(([k, label]) => [k, label, k === 'VIN' ? (vehicle.VIN ?? vehicle.vin) : vehicle[k]] as const)
          .filter(([, , value]) => value !== null && value !== undefined && value !== '')
          .map(([k, label, value]) => (
            <Box key={k}>
              <Typography component="dt" variant="caption" color="text.secondary">
                {t(label)}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600, wordBreak: 'break-all' }}>
                {String(value)}
              </Typography>
            </Box>
          ))}
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ flexWrap: 'wrap', gap: 1, '& > *': { m: '0 !important' } }}>
        {link && hasCatalog === true ? (
          <Button variant="contained" href={catalogSearchPath(link)} target="_blank" rel="noopener" data-testid="view-parts-in-catalog">
            {t('vehicleCard.viewPartsInCatalog')}
          </Button>
        ) : null}
        {GO_MODULE_ACTIVE && allowQuotation ? (
          <Button
            variant="outlined"
            onClick={() => {
              writeLocal(STORAGE_KEYS.currentVehicle, vehicle);
              window.location.assign('/home/page/cotizacion?verifyShowVehicleQuotationForm');
            }}
          >
            {t('vehicleCard.requestPartsQuotation')}
          </Button>
        ) : null}
        {params?.isVirtualStore && brandModel ? (
          <Button
            variant="outlined"
            href={`/catalogo/page/results?search=${encodeURIComponent(brandModel)}`}
            target="_blank"
            rel="noopener"
          >
            {t('vehicleCard.availableProducts')}
          </Button>
        ) : null}
        {children}
      </Stack>
      {hasCatalog === false ? (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }} data-testid="diagram-unavailable">
          {t('vehicleCard.diagramUnavailable')}
        </Typography>
      ) : null}
    </Paper>
  );
}
