import { Link as RouterLink } from 'react-router';
import { Button } from '@mui/material';
import { t } from '@tuerca/contracts';
import { EmptyState } from '../app/ui';

export function NotFoundPage() {
  return (
    <EmptyState title={t('customerConsole.pageNotFound')} detail={t('emptyStates.noInformation')}>
      <Button component={RouterLink} to="/" variant="contained" sx={{ mt: 2 }}>
        {t('customerConsole.backHome')}
      </Button>
    </EmptyState>
  );
}
