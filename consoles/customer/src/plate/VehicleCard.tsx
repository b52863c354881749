import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { t } from '@tuerca/contracts';
import { writeLocal, STORAGE_KEYS } from '../app/storage';

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
  hasCatalog?: boolean | null;
  country?: 'CO' | 'MX';
}

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

/** Vehicle card (001 §2): found in Tuerca, the data, catalogue and quotation buttons. */
export function VehicleCard({ vehicle, children }: { vehicle: PlateVehicle; children?: React.ReactNode }) {
  const vin = vehicle.VIN ?? vehicle.vin ?? null;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="vehicle-card">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <CheckCircleIcon color="success" />
        <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
          {t('vehicleCard.found')}
        </Typography>
      </Stack>
      <Typography variant="h6" component="p">
        {vehicle.brand} {vehicle.model} {vehicle.year ?? ''}
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)' }, gap: 1, my: 1 }}>
        {FIELDS.filter(([k]) => vehicle[k] !== null && vehicle[k] !== undefined && vehicle[k] !== '').map(([k, label]) => (
          <Box key={k}>
            <Typography component="dt" variant="caption" color="text.secondary">
              {t(label)}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600, wordBreak: 'break-all' }}>
              {String(vehicle[k])}
            </Typography>
          </Box>
        ))}
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ flexWrap: 'wrap' }}>
        {vin && vehicle.hasCatalog !== false ? (
          <Button variant="contained" href={`/catalogo/catalog/v2/search/${vin}`} target="_blank" rel="noopener">
            {t('vehicleCard.viewPartsInCatalog')}
          </Button>
        ) : null}
        <Button
          variant="outlined"
          onClick={() => {
            writeLocal(STORAGE_KEYS.currentVehicle, vehicle);
            window.location.assign('/home/page/cotizacion?verifyShowVehicleQuotationForm');
          }}
        >
          {t('vehicleCard.requestPartsQuotation')}
        </Button>
        {children}
      </Stack>
      {!vin || vehicle.hasCatalog === false ? (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          {t('vehicleCard.diagramUnavailable')}
        </Typography>
      ) : null}
    </Paper>
  );
}
