import { Suspense, useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { Alert, Button, Card, CardActionArea, CardContent, Paper, Stack, Typography } from '@mui/material';
import Grid from '@mui/material/Grid';
import { t } from '@tuerca/contracts';
import { api, ApiError } from '../app/api';
import { EmptyState, Loading } from '../app/ui';
import { lazyArea } from '../app/lazy';
import { catalogLanguage } from './language';
import { segment, V2 } from './routes';

const OemSubstitutions = lazyArea(() => import('./OemSubstitutions'));

interface OemCatalogs {
  oem: string;
  name: string;
  catalogs: { brand: string; code: string }[];
}

/** OemFinder (lazy area): /catalogo/catalog/v2/oem={number}/searchOem — catalogues that hold the part, then its substitutions. */
export default function OemFinder() {
  const { oemParams = '' } = useParams();
  const params = new URLSearchParams(oemParams);
  const oem = params.get('oem') ?? '';
  const [answer, setAnswer] = useState<OemCatalogs | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (!oem.trim()) {
      setProblem(t('oem.enterPartNumber'));
      return;
    }
    api
      .get<OemCatalogs>('/catalogo/catalogV2/findCatalogsByOem', { oem, language: catalogLanguage() })
      .then((r) => setAnswer(r.data))
      .catch((err) =>
        setProblem(err instanceof ApiError && err.status === 404 ? t('oem.notFound', { n: oem }) : t('emptyStates.notEnoughData')),
      );
  }, [oem]);
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {t('customerConsole.oemSearchTitle', { n: oem })}
      </Typography>
      {problem ? <Alert severity="warning">{problem}</Alert> : null}
      {!answer && !problem ? <Loading /> : null}
      {answer ? (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h6" component="h2">
            {answer.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('customerConsole.catalogsWithPart')}
          </Typography>
          {answer.catalogs.length === 0 ? <EmptyState /> : null}
          <Grid container spacing={1}>
            {answer.catalogs.map((c) => (
              <Grid key={c.code} size={{ xs: 6, sm: 3 }}>
                <Card variant="outlined">
                  <CardActionArea component={RouterLink} to={`${V2}/${segment({ catalog: c.code })}`}>
                    <CardContent>{c.brand}</CardContent>
                  </CardActionArea>
                </Card>
              </Grid>
            ))}
          </Grid>
          <Button sx={{ mt: 2 }} variant="outlined" component={RouterLink} to={`/catalogo/page/results?search=${encodeURIComponent(oem)}`}>
            {t('oem.seeAll')}
          </Button>
        </Paper>
      ) : null}
      {oem ? (
        <Suspense fallback={<Loading />}>
          <OemSubstitutions reference={oem} />
        </Suspense>
      ) : null}
    </Stack>
  );
}
