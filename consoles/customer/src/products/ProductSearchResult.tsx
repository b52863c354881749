import { useSearchParams } from 'react-router';
import { Paper, Stack, Typography } from '@mui/material';
import { t } from '@tuerca/contracts';
import { HomeSearch } from '../pages/HomePage';
import { ResultsView } from './ResultsView';

/** /catalogo/page/results?search={text}: the embedded variant of the product search result. */
export default function ProductSearchResult() {
  const [params] = useSearchParams();
  const search = params.get('search') ?? '';
  return (
    <Stack spacing={2}>
      <HomeSearch key={search} initial={search} compact />
      <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 2 } }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 1, wordBreak: 'break-word' }}>
          {t('customerConsole.resultsTitle', { search })}
        </Typography>
        <ResultsView key={search} search={search} />
      </Paper>
    </Stack>
  );
}
