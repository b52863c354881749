import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  IconButton,
  Link,
  List,
  ListItemButton,
  ListItemText,
  Paper,
  Popover,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import Grid from '@mui/material/Grid';
import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import { t } from '@tuerca/contracts';
import { api } from '../app/api';
import { usePrompts } from '../app/prompts';
import { EmptyState, Loading, useToast } from '../app/ui';
import { lazyArea } from '../app/lazy';
import { catalogLanguage } from './language';
import { useMeterPrompts, type MeterMeta } from './metering';
import { catalogUrl, useVehicleRoute } from './routes';
import { VehicleHeader, type CatalogVehicleInfo } from './VehicleHeader';
import { addToQuoteCart, partsFor, updateQuotePart, useQuoteCart, type QuoteVehicle } from './quoteCart';

const ProductSearchModal = lazyArea(() => import('../products/ProductSearchModal'));

interface UnitPart {
  codeOnImage: string;
  oem: string | null;
  name: string;
  match: boolean;
  attributes: { name: string; value: string }[];
}
interface PartsAnswer {
  unitInfo: { name: string; largeImageUrl: string };
  imageMap: { code: string; x1: number; y1: number; x2: number; y2: number }[];
  parts: UnitPart[];
  vehicle: CatalogVehicleInfo;
}

const amountOf = (p: UnitPart) => p.attributes.find((a) => a.name === 'amount')?.value ?? '';

/** Parts diagram: the SVG with hotspots as percentages of the image's natural size, the parts table, the quote cart. */
export function UnitPage() {
  const route = useVehicleRoute();
  const notify = useToast();
  const { openPlans } = usePrompts();
  const { onMeta, onError } = useMeterPrompts('catalog_consultations');
  const [answer, setAnswer] = useState<PartsAnswer | null>(null);
  const [meta, setMeta] = useState<MeterMeta | undefined>();
  const [status, setStatus] = useState<'loading' | 'loaded' | 'failed' | 'denied'>('loading');
  const [natural, setNatural] = useState<{ w: number; h: number } | null>(null);
  const [active, setActive] = useState<string | null>(null);
  const [choice, setChoice] = useState<{ anchor: HTMLElement; parts: UnitPart[] } | null>(null);
  const [searchRef, setSearchRef] = useState<string | null>(null);
  const tableRef = useRef<HTMLDivElement>(null);
  const cart = useQuoteCart();

  useEffect(() => {
    setStatus('loading');
    api
      .get<PartsAnswer, MeterMeta>('/catalogo/catalogV2/parts', {
        catalogCode: route.catalogCode,
        vehicleId: route.vehicleId,
        unitId: route.unitId ?? '',
        ssd: route.unitSsd ?? route.ssd,
        vehicleName: route.vehicleName,
        q: route.vin ?? undefined,
        catalogUrl: catalogUrl(),
        language: catalogLanguage(),
      })
      .then((r) => {
        setAnswer(r.data);
        setMeta(r.metadata);
        setStatus('loaded');
        onMeta(r.metadata);
      })
      .catch((err) => setStatus(onError(err, t('catalog.loginRequired')) ? 'denied' : 'failed'));
  }, [route.unitId, route.unitSsd]);

  const vehicle: QuoteVehicle | null = useMemo(
    () =>
      answer
        ? { brand: answer.vehicle.brand, name: answer.vehicle.name, vehicleId: answer.vehicle.vehicleId, url: window.location.pathname }
        : null,
    [answer],
  );
  const inCart = partsFor(cart, vehicle);

  const add = (p: UnitPart) => {
    if (!vehicle) return;
    if (!p.oem) return openPlans('catalog_consultations');
    const outcome = addToQuoteCart(vehicle, { name: p.name, reference: p.oem });
    notify(
      outcome === 'added'
        ? t('customerConsole.partAdded', { reference: p.oem })
        : t('customerConsole.partAlreadyAdded', { reference: p.oem }),
      { severity: outcome === 'added' ? 'success' : 'info' },
    );
  };

  const hotspot = (code: string, el: HTMLElement) => {
    setActive(code);
    const parts = (answer?.parts ?? []).filter((p) => p.codeOnImage === code);
    tableRef.current?.querySelector(`[data-code="${CSS.escape(code)}"]`)?.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
    if (parts.length === 1) add(parts[0]!);
    else if (parts.length > 1) setChoice({ anchor: el, parts });
  };

  return (
    <Stack spacing={2}>
      <VehicleHeader route={route} vehicle={answer?.vehicle ?? null} meta={meta} group={answer?.unitInfo.name} />
      {status === 'loading' ? <Loading /> : null}
      {status === 'failed' ? (
        <Alert severity="error">
          <strong>{t('catalog.requestFailed')}</strong>
          <Box>{t('catalog.requestFailedDetail')}</Box>
        </Alert>
      ) : null}
      {status === 'denied' ? <EmptyState title={t('catalog.loginRequired')} /> : null}
      {status === 'loaded' && answer ? (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, lg: 7 }}>
            <Paper variant="outlined" sx={{ p: 1 }}>
              <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', px: 1 }}>
                <Typography variant="h6" component="h2">
                  {answer.unitInfo.name}
                </Typography>
                <Tooltip title={t('catalogV2.openUnitInNewTab')}>
                  <IconButton
                    component="a"
                    href={window.location.href}
                    target="_blank"
                    rel="noopener"
                    aria-label={t('catalogV2.openUnitInNewTab')}
                  >
                    <OpenInNewIcon />
                  </IconButton>
                </Tooltip>
              </Stack>
              <Box sx={{ position: 'relative', width: '100%', lineHeight: 0 }} data-testid="diagram">
                <img
                  src={answer.unitInfo.largeImageUrl}
                  alt={t('customerConsole.diagramOf', { name: answer.unitInfo.name })}
                  style={{ width: '100%', height: 'auto', display: 'block' }}
                  onLoad={(e) => setNatural({ w: e.currentTarget.naturalWidth, h: e.currentTarget.naturalHeight })}
                />
                {natural
                  ? answer.imageMap.map((m, i) => (
                      <Box
                        key={`${m.code}-${i}`}
                        component="button"
                        type="button"
                        aria-label={t('customerConsole.hotspot', { code: m.code })}
                        data-testid={`hotspot-${m.code}`}
                        onClick={(e) => hotspot(m.code, e.currentTarget)}
                        onMouseEnter={() => setActive(m.code)}
                        sx={{
                          position: 'absolute',
                          left: `${(m.x1 / natural.w) * 100}%`,
                          top: `${(m.y1 / natural.h) * 100}%`,
                          width: `${((m.x2 - m.x1) / natural.w) * 100}%`,
                          height: `${((m.y2 - m.y1) / natural.h) * 100}%`,
                          border: '2px solid',
                          borderColor: active === m.code ? 'secondary.main' : 'transparent',
                          bgcolor: active === m.code ? 'rgba(230,81,0,.18)' : 'transparent',
                          borderRadius: '50%',
                          cursor: 'pointer',
                          p: 0,
                          '&:hover, &:focus-visible': { borderColor: 'secondary.main', bgcolor: 'rgba(230,81,0,.18)', outline: 'none' },
                        }}
                      />
                    ))
                  : null}
              </Box>
            </Paper>
          </Grid>
          <Grid size={{ xs: 12, lg: 5 }}>
            <Stack spacing={2}>
              <TableContainer component={Paper} variant="outlined" ref={tableRef} sx={{ maxHeight: { lg: '80vh' } }}>
                <Table stickyHeader size="small" aria-label={t('customerConsole.partsTable')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('catalog.position')}</TableCell>
                      <TableCell>{t('catalog.partNumber')}</TableCell>
                      <TableCell>{t('catalog.name')}</TableCell>
                      <TableCell align="center">
                        <Tooltip title={t('catalog.quantityTooltip')}>
                          <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }} tabIndex={0}>
                            {t('catalog.quantity')}
                            <InfoOutlinedIcon sx={{ fontSize: 16 }} />
                          </Box>
                        </Tooltip>
                      </TableCell>
                      <TableCell />
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {answer.parts.length === 0 ? (
                      <TableRow>
                        <TableCell colSpan={5}>
                          <Typography sx={{ py: 2, textAlign: 'center' }} color="text.secondary">
                            {t('catalog.infoComingSoon')}
                          </Typography>
                        </TableCell>
                      </TableRow>
                    ) : null}
                    {answer.parts.map((p, i) => (
                      <TableRow
                        key={`${p.codeOnImage}-${p.oem}-${i}`}
                        data-code={p.codeOnImage}
                        selected={active === p.codeOnImage}
                        hover
                        onMouseEnter={() => setActive(p.codeOnImage)}
                        sx={{ opacity: p.match === false ? 0.6 : 1 }}
                      >
                        <TableCell>{p.codeOnImage}</TableCell>
                        <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
                          {p.oem ? (
                            <Link component="button" type="button" onClick={() => setSearchRef(p.oem)} underline="hover">
                              {p.oem}
                            </Link>
                          ) : (
                            <Link component="button" type="button" onClick={() => openPlans('catalog_consultations')}>
                              {t('catalog.viewPartNumber')}
                            </Link>
                          )}
                        </TableCell>
                        <TableCell>{p.name}</TableCell>
                        <TableCell align="center">{amountOf(p)}</TableCell>
                        <TableCell padding="checkbox">
                          <Tooltip title={t('catalogV2.addToQuoteCart')}>
                            <IconButton
                              size="small"
                              color="primary"
                              onClick={() => add(p)}
                              aria-label={`${t('catalogV2.addToQuoteCart')} ${p.oem ?? ''} ${p.name}`}
                            >
                              <AddShoppingCartIcon fontSize="small" />
                            </IconButton>
                          </Tooltip>
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
              <QuoteCartPanel vehicle={vehicle} parts={inCart} />
            </Stack>
          </Grid>
        </Grid>
      ) : null}
      <Popover
        open={choice !== null}
        anchorEl={choice?.anchor}
        onClose={() => setChoice(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        transformOrigin={{ vertical: 'top', horizontal: 'center' }}
      >
        <Box sx={{ p: 1.5, maxWidth: 340 }}>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t('catalog.multipleOptions')}
          </Typography>
          <List dense>
            {choice?.parts.map((p, i) => (
              <ListItemButton
                key={`${p.oem}-${i}`}
                onClick={() => {
                  setChoice(null);
                  add(p);
                }}
              >
                <ListItemText primary={p.name} secondary={p.oem ?? t('customerConsole.partNumberHidden')} />
              </ListItemButton>
            ))}
          </List>
        </Box>
      </Popover>
      {searchRef ? (
        <Suspense fallback={null}>
          <ProductSearchModal reference={searchRef} onClose={() => setSearchRef(null)} />
        </Suspense>
      ) : null}
    </Stack>
  );
}

export function QuoteCartPanel({ vehicle, parts }: { vehicle: QuoteVehicle | null; parts: ReturnType<typeof partsFor> }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-labelledby="quote-cart-title" data-testid="quote-cart">
      <Typography id="quote-cart-title" variant="h6" component="h2">
        {t('catalogV2.quoteCart')} · {t('customerConsole.quoteCartCount', { count: parts.length })}
      </Typography>
      {parts.length === 0 ? (
        <Typography color="text.secondary" variant="body2">
          {t('customerConsole.quoteCartEmpty')}
        </Typography>
      ) : (
        <List dense>
          {parts.map((p) => (
            <Stack key={p.reference} direction="row" spacing={1} sx={{ alignItems: 'center', py: 0.5 }}>
              <Checkbox
                checked={p.selected}
                onChange={(e) => vehicle && updateQuotePart(vehicle, p.reference, { selected: e.target.checked })}
                slotProps={{ input: { 'aria-label': `${t('customerConsole.selected')} ${p.reference}` } }}
              />
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
                  {p.name}
                </Typography>
                <Typography variant="caption" sx={{ fontFamily: 'monospace' }}>
                  {p.reference}
                </Typography>
              </Box>
              <TextField
                type="number"
                size="small"
                value={p.amount}
                onChange={(e) =>
                  vehicle && updateQuotePart(vehicle, p.reference, { amount: Math.max(1, Math.floor(Number(e.target.value) || 1)) })
                }
                sx={{ width: 76 }}
                slotProps={{ htmlInput: { min: 1, 'aria-label': `${t('quotation.quantity')} ${p.reference}` } }}
              />
              <IconButton
                onClick={() => vehicle && updateQuotePart(vehicle, p.reference, null)}
                aria-label={`${t('customerConsole.removePart')} ${p.reference}`}
              >
                <DeleteOutlineIcon />
              </IconButton>
            </Stack>
          ))}
        </List>
      )}
      {parts.length > 0 ? (
        <Button variant="contained" href="/home/page/cotizacion?verifyShowVehicleQuotationForm" fullWidth sx={{ mt: 1 }}>
          {t('catalogV2.requestQuotation')}
        </Button>
      ) : null}
    </Paper>
  );
}
