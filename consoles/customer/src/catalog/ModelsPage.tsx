import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Breadcrumbs,
  Button,
  Chip,
  Link,
  List,
  ListItemButton,
  ListItemText,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TableContainer,
  Tooltip,
  Typography,
} from '@mui/material';
import Grid from '@mui/material/Grid';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { catalogBrowseRoutes, t } from '@tuerca/contracts';
import { EmptyState, LoadFailed, Loading } from '../app/ui';
import { useCatalog, useCatalogRoute } from './queries';
import { segment, useV2Segments, V2, vehiclePath } from './routes';
import { VinBox } from './VinBox';
import { useViewMode, ViewSwitcher } from '../app/ViewSwitcher';
import { AttributeChips } from './AttributeChips';

function useCatalogCode() {
  const [cat, model] = useV2Segments();
  return { catalogCode: cat?.get('catalog') ?? '', model: model?.get('m') ?? '', ssd: model?.get('ssd') ?? '' };
}

/** The catalogue's brand for people ('Chevrolet'); the code only until the catalogue has answered. */
function useBrandName(catalogCode: string): string {
  return useCatalog(catalogCode).data?.data.brand ?? catalogCode;
}

function Crumbs({ catalogCode, last }: { catalogCode: string; last?: string }) {
  const brand = useBrandName(catalogCode);
  return (
    <Breadcrumbs aria-label="breadcrumb" sx={{ mb: 1 }}>
      <Link component={RouterLink} to={`${V2}/`} underline="hover" color="inherit">
        {t('customerConsole.catalogs')}
      </Link>
      {last ? (
        <Link component={RouterLink} to={`${V2}/${segment({ catalog: catalogCode })}`} underline="hover" color="inherit">
          {brand}
        </Link>
      ) : (
        <Typography color="text.primary">{brand}</Typography>
      )}
      {last ? <Typography color="text.primary">{last}</Typography> : null}
    </Breadcrumbs>
  );
}

/** Models of a catalogue, grouped by first word into three columns (001 §2). */
export function ModelsPage() {
  const { catalogCode } = useCatalogCode();
  const brand = useBrandName(catalogCode);
  const query = useCatalogRoute(catalogBrowseRoutes.models, { catalogCode });
  const answer = query.data?.data ?? null;
  const failed = query.isError;
  const options =
    answer?.models.find((m) => ['Family', 'Model', 'Vehicle Family', 'Vehicle Name', 'Modelo'].includes(m.name)) ?? answer?.models[0];
  const groups = useMemo(() => {
    const map = new Map<string, { key: string; value: string }[]>();
    for (const o of options?.options ?? []) {
      const first = o.value.split(/\s+/)[0] ?? o.value;
      map.set(first, [...(map.get(first) ?? []), o]);
    }
    return [...map.entries()];
  }, [options]);
  const columns = [0, 1, 2].map((c) => groups.filter((_g, i) => i % 3 === c));
  // 001 §2: "There is a cards/table toggle (table in 3 columns)."
  const [mode, setMode] = useViewMode('catalogModels', ['cards', 'table']);
  const modelPath = (o: { key: string; value: string }) =>
    `${V2}/${segment({ catalog: catalogCode })}/${segment({ m: o.value, ssd: o.key })}`;
  const all = options?.options ?? [];
  const third = Math.ceil(all.length / 3);
  const tableColumns = [0, 1, 2].map((c) => all.slice(c * third, (c + 1) * third)).filter((c) => c.length > 0);
  return (
    <Stack spacing={2}>
      <Crumbs catalogCode={catalogCode} />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {t('customerConsole.models', { brand })}
        </Typography>
        {groups.length > 0 ? <ViewSwitcher value={mode} onChange={setMode} modes={['cards', 'table']} /> : null}
      </Stack>
      {failed ? <LoadFailed onRetry={() => void query.refetch()} /> : null}
      {!answer && !failed ? <Loading /> : null}
      {answer && groups.length === 0 ? (
        <>
          <EmptyState title={t('catalogV2.noModels')} />
          <VinBox />
        </>
      ) : null}
      {mode === 'table' && groups.length > 0 ? (
        <Grid container spacing={2} data-testid="models-table">
          {tableColumns.map((col, i) => (
            <Grid key={i} size={{ xs: 12, md: 4 }}>
              <TableContainer component={Paper} variant="outlined">
                <Table size="small" aria-label={t('customerConsole.models', { brand })}>
                  <TableHead>
                    <TableRow>
                      <TableCell sx={{ fontWeight: 700 }}>{t('customerConsole.modelColumn')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {col.map((o) => (
                      <TableRow key={o.key} hover>
                        <TableCell>
                          <Link component={RouterLink} to={modelPath(o)} underline="hover">
                            {o.value}
                          </Link>
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            </Grid>
          ))}
        </Grid>
      ) : null}
      {mode === 'cards' ? (
        <Grid container spacing={2}>
          {columns.map((col, i) => (
            <Grid key={i} size={{ xs: 12, md: 4 }}>
              {col.map(([name, opts]) => (
                <Accordion key={name} disableGutters defaultExpanded={opts.length === 1}>
                  <AccordionSummary expandIcon={<ExpandMoreIcon />}>
                    <Typography sx={{ fontWeight: 600 }}>{name}</Typography>
                  </AccordionSummary>
                  <AccordionDetails sx={{ p: 0 }}>
                    <List dense component="div">
                      {opts.map((o) => (
                        <ListItemButton key={o.key} component={RouterLink} to={modelPath(o)}>
                          <ListItemText primary={o.value} />
                        </ListItemButton>
                      ))}
                    </List>
                  </AccordionDetails>
                </Accordion>
              ))}
            </Grid>
          ))}
        </Grid>
      ) : null}
    </Stack>
  );
}

/** Vehicles of a model with filter chips and the 'Ingresar' button per row (001 §2). */
export function VehiclesPage() {
  const { catalogCode, model, ssd } = useCatalogCode();
  const query = useCatalogRoute(catalogBrowseRoutes.vehicles, { catalogCode, ssd: ssd || undefined });
  const answer = query.data?.data ?? null;
  const failed = query.isError;
  return (
    <Stack spacing={2}>
      <Crumbs catalogCode={catalogCode} last={model || t('customerConsole.vehicles')} />
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {t('customerConsole.vehicles')} {model}
      </Typography>
      {answer ? (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
          {answer.filters
            .filter((f) => f.value)
            .map((f) => (
              <Tooltip key={f.key} title={f.automatic ? t('catalogV2.automaticFilter') : f.name}>
                <Chip label={`${f.name}: ${f.value}`} color="primary" variant={f.automatic ? 'filled' : 'outlined'} />
              </Tooltip>
            ))}
        </Stack>
      ) : null}
      {failed ? <LoadFailed onRetry={() => void query.refetch()} /> : null}
      {!answer && !failed ? <Loading /> : null}
      {answer && answer.vehicles.length === 0 ? (
        <EmptyState title={t('catalog.noVehiclesFound')} detail={t('customerConsole.noVehiclesNext')}>
          <Button component={RouterLink} to={`${V2}/${segment({ catalog: catalogCode })}`} variant="outlined" sx={{ mt: 2 }}>
            {t('customerConsole.backToModels')}
          </Button>
        </EmptyState>
      ) : null}
      {answer && answer.vehicles.length > 0 ? (
        <TableContainer component={Paper} variant="outlined">
          <Table size={answer.vehicles[0]!.attributes.length > 8 ? 'small' : 'medium'}>
            <TableHead>
              <TableRow>
                <TableCell>{t('catalogV2.brand')}</TableCell>
                <TableCell>{t('catalogV2.modelDesignation')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('catalogV2.attributes')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {answer.vehicles.map((v) => (
                <TableRow key={v.vehicleId} hover>
                  <TableCell>{v.brand}</TableCell>
                  <TableCell>{v.name}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                    <AttributeChips attributes={v.attributes} />
                  </TableCell>
                  <TableCell align="right">
                    <Button
                      variant="contained"
                      size="small"
                      component={RouterLink}
                      to={vehiclePath({
                        catalog: v.catalog ?? catalogCode,
                        ssd: v.ssd,
                        name: v.name,
                        vehicleId: v.vehicleId,
                        vin: v.vehicleVIN,
                      })}
                    >
                      {t('catalogV2.enter')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
    </Stack>
  );
}
