import { Button } from '@mui/material';
import EventIcon from '@mui/icons-material/EventOutlined';
import { t, type ProductView } from '@tuerca/contracts';
import { useSession } from '../app/session';
import type { ActivityDraft } from './ActivityDialog';

/** What an activity scheduled from a product starts with: its title, and its reference in the description. */
export function productActivityDraft(product: ProductView): ActivityDraft {
  const reference = product.referencia_1;
  return {
    name: product.title.slice(0, 120),
    activity: (reference ? t('agenda.fromProduct', { title: product.title, reference }) : product.title).slice(0, 256),
  };
}

/**
 * A product's 'Agendar' (logged-in only, spec 001 §2 activity modal). The dialog itself is held above the list
 * (ProductDialogs), so a table that turns into cards keeps it open.
 */
export function ScheduleActivityButton({ product, onOpen }: { product: ProductView; onOpen(): void }) {
  const { isGuest, ready } = useSession();
  if (!ready || isGuest) return null;
  return (
    <Button
      size="small"
      startIcon={<EventIcon fontSize="small" />}
      sx={{ mt: 0.5, px: 0 }}
      onClick={onOpen}
      aria-label={`${t('agenda.modalTitle')}: ${product.title}`}
    >
      {t('agenda.schedule')}
    </Button>
  );
}
