import { Button, Stack } from '@mui/material';
import DirectionsCarIcon from '@mui/icons-material/DirectionsCarOutlined';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import { t, type ProductView } from '@tuerca/contracts';

/**
 * A product's 'Ver vehículos compatibles' (spec 000 §2 compatible vehicles modal; shown when the product has
 * some) and '¿Le sirve a mi vehículo?' (the request-compatibility form with the verdict). The dialog itself is
 * held above the list (ProductDialogs), so a table that turns into cards keeps it open.
 */
export function CompatibilityButtons({ product, onVehicles, onAsk }: { product: ProductView; onVehicles(): void; onAsk(): void }) {
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 1 }}>
      {product.hasVehicleCompatibility ? (
        <Button
          size="small"
          startIcon={<DirectionsCarIcon fontSize="small" />}
          sx={{ px: 0 }}
          onClick={onVehicles}
          aria-label={`${t('questions.seeCompatible')}: ${product.title}`}
        >
          {t('questions.seeCompatible')}
        </Button>
      ) : null}
      <Button
        size="small"
        startIcon={<HelpOutlineIcon fontSize="small" />}
        sx={{ px: 0 }}
        onClick={onAsk}
        aria-label={`${t('questions.formTitle')}: ${product.title}`}
      >
        {t('questions.formTitle')}
      </Button>
    </Stack>
  );
}
