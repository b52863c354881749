import { useMemo, useRef, useState, type RefObject } from 'react';
import { useLocation } from 'react-router';
import {
  Box,
  Button,
  Checkbox,
  IconButton,
  Link,
  List,
  ListItem,
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
  useMediaQuery,
  useTheme,
} from '@mui/material';
import Grid from '@mui/material/Grid';
import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import { catalogBrowseRoutes, t } from '@tuerca/contracts';
import { usePrompts } from '../app/prompts';
import { meteringGate, meterMetaOf } from '../app/queries';
import { MeteringGatePanel } from '../app/MeteringGate';
import { EmptyState, Loading, useToast, VisuallyHidden } from '../app/ui';
import { Area } from '../app/errors';
import { lazyArea } from '../app/lazy';
import { useCatalogLookup } from './queries';
import { useCatalogUrl, useVehicleRoute } from './routes';
import { VehicleHeader } from './VehicleHeader';
import { UnitDiagram } from './UnitDiagram';
import { addToQuoteCart, partsFor, updateQuotePart, useQuoteCart, type QuoteVehicle } from './quoteCart';
import { amountOf, type UnitPart } from './types';

const ProductSearchModal = lazyArea(() => import('../products/ProductSearchModal'));

/**
 * Parts diagram (001 §2): the drawing with its hotspots, the parts table and the quote cart. Selecting a
 * hotspot or a part number opens the product search modal 'Resultado de búsqueda' (who sells it, and its
 * substitutes); a position with several parts first asks which one ('Hay varias opciones disponibles…').
 * 'Agregar a cotización' is an action of the table, of the popover and of the modal.
 */
export function UnitPage() {
  const route = useVehicleRoute();
  const url = useCatalogUrl();
  const { pathname } = useLocation();
  const notify = useToast();
  const { openPlans } = usePrompts();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const query = useCatalogLookup(catalogBrowseRoutes.parts, {
    catalogCode: route.catalogCode,
    vehicleId: route.vehicleId,
    unitId: route.unitId ?? '',
    ssd: route.unitSsd ?? route.ssd,
    vehicleName: route.vehicleName,
    q: route.vin ?? undefined,
    catalogUrl: url,
  });
  const gate = meteringGate(query);
  const answer = gate ? null : (query.data?.data ?? null);
  const [active, setActive] = useState<string | null>(null);
  const [choice, setChoice] = useState<{ anchor: HTMLElement; parts: UnitPart[] } | null>(null);
  const [searched, setSearched] = useState<UnitPart | null>(null);
  const tableRef = useRef<HTMLDivElement>(null);
  const cart = useQuoteCart();

  const vehicle: QuoteVehicle | null = useMemo(
    () => (answer ? { brand: answer.vehicle.brand, name: answer.vehicle.name, vehicleId: answer.vehicle.vehicleId, url: pathname } : null),
    [answer, pathname],
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

  /** 001 §2: part numbers hidden past the free-showing threshold open the plans ('Ver Nº Parte'). */
  const search = (p: UnitPart) => (p.oem ? setSearched(p) : openPlans('catalog_consultations'));

  const hotspot = (code: string, el: HTMLElement) => {
    setActive(code);
    const parts = (answer?.parts ?? []).filter((p) => p.codeOnImage === code);
    tableRef.current?.querySelector(`[data-code="${CSS.escape(code)}"]`)?.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
    if (parts.length === 1) search(parts[0]!);
    else if (parts.length > 1) setChoice({ anchor: el, parts });
  };

  return (
    <Stack spacing={2}>
      <VehicleHeader
        route={route}
        vehicle={answer?.vehicle ?? null}
        meta={gate ? undefined : meterMetaOf(query)}
        group={answer?.unitInfo.name}
      />
      {gate ? <MeteringGatePanel gate={gate} kind="catalog_consultations" /> : null}
      {!gate && query.isPending ? <Loading /> : null}
      {!gate && query.isError ? (
        <EmptyState title={t('catalog.requestFailed')} detail={t('catalog.requestFailedDetail')}>
          <Button variant="outlined" sx={{ mt: 2 }} onClick={() => void query.refetch()}>
            {t('customerConsole.tryAgain')}
          </Button>
        </EmptyState>
      ) : null}
      {answer ? (
        // Diagram and parts side by side from 1200 px, in halves: the page is at most 1200 px wide (the
        // layout's container), and the parts table needs about 560 px for its five columns with a
        // motorcycle's part numbers (at 7/5 its last column, 'Agregar a cotización', was cut at 1366 px).
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, lg: 6 }}>
            <Paper variant="outlined" sx={{ p: 1 }}>
              <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', px: 1, gap: 1 }}>
                <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
                  {answer.unitInfo.name}
                </Typography>
                <Tooltip title={t('catalogV2.openUnitInNewTab')}>
                  <IconButton component="a" href={pathname} target="_blank" rel="noopener" aria-label={t('catalogV2.openUnitInNewTab')}>
                    <OpenInNewIcon />
                  </IconButton>
                </Tooltip>
              </Stack>
              <UnitDiagram answer={answer} active={active} onHover={setActive} onHotspot={hotspot} />
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block', px: 1, pt: 0.5 }}>
                {phone ? t('customerConsole.diagramHelpTouch') : t('customerConsole.diagramHelp')}
              </Typography>
            </Paper>
          </Grid>
          <Grid size={{ xs: 12, lg: 6 }}>
            <Stack spacing={2}>
              <PartsTable
                parts={answer.parts}
                active={active}
                onActive={setActive}
                onSearch={search}
                onAdd={add}
                tableRef={tableRef}
                phone={phone}
              />
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
        slotProps={{ paper: { 'data-testid': 'hotspot-options' } as object }}
      >
        <Box sx={{ p: 1.5, maxWidth: 360 }}>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t('catalog.multipleOptions')}
          </Typography>
          <List dense>
            {choice?.parts.map((p, i) => (
              <ListItem
                key={`${p.oem}-${i}`}
                disablePadding
                secondaryAction={
                  <Tooltip title={t('catalogV2.addToQuoteCart')}>
                    <IconButton edge="end" onClick={() => add(p)} aria-label={`${t('catalogV2.addToQuoteCart')} ${p.oem ?? ''} ${p.name}`}>
                      <AddShoppingCartIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                }
              >
                <ListItemButton
                  onClick={() => {
                    setChoice(null);
                    search(p);
                  }}
                  sx={{ pr: 7 }}
                >
                  <ListItemText primary={p.name} secondary={p.oem ?? t('catalog.viewPartNumber')} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Box>
      </Popover>
      {searched?.oem ? (
        <Area fallback={null}>
          <ProductSearchModal
            reference={searched.oem}
            name={searched.name}
            unitHref={pathname}
            onAddToQuote={() => add(searched)}
            onClose={() => setSearched(null)}
          />
        </Area>
      ) : null}
    </Stack>
  );
}

/**
 * The unit's parts: a table on wider screens, a list on a phone (position, number, name and 'Cantidad' all
 * visible at 390 px). The part number opens the product search modal.
 */
function PartsTable({
  parts,
  active,
  onActive,
  onSearch,
  onAdd,
  tableRef,
  phone,
}: {
  parts: UnitPart[];
  active: string | null;
  onActive(code: string | null): void;
  onSearch(p: UnitPart): void;
  onAdd(p: UnitPart): void;
  tableRef: RefObject<HTMLDivElement | null>;
  phone: boolean;
}) {
  const number = (p: UnitPart) =>
    p.oem ? (
      <Link component="button" type="button" onClick={() => onSearch(p)} underline="hover" sx={{ fontFamily: 'monospace' }}>
        {p.oem}
      </Link>
    ) : (
      <Link component="button" type="button" onClick={() => onSearch(p)}>
        {t('catalog.viewPartNumber')}
      </Link>
    );
  const addButton = (p: UnitPart) => (
    <Tooltip title={t('catalogV2.addToQuoteCart')}>
      <IconButton
        size="small"
        color="primary"
        onClick={() => onAdd(p)}
        aria-label={`${t('catalogV2.addToQuoteCart')} ${p.oem ?? ''} ${p.name}`}
      >
        <AddShoppingCartIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
  if (parts.length === 0)
    return (
      <Paper variant="outlined">
        <EmptyState title={t('catalog.infoComingSoon')} detail={t('customerConsole.infoComingSoonNext')} />
      </Paper>
    );
  if (phone)
    return (
      <Paper variant="outlined" ref={tableRef} aria-label={t('customerConsole.partsTable')} component="section">
        <List dense disablePadding data-testid="parts-list">
          {parts.map((p, i) => (
            <ListItem
              key={`${p.codeOnImage}-${p.oem}-${i}`}
              data-code={p.codeOnImage}
              divider
              secondaryAction={addButton(p)}
              sx={{ opacity: p.match === false ? 0.7 : 1, pr: 7, bgcolor: active === p.codeOnImage ? 'action.selected' : undefined }}
            >
              <Box
                aria-label={`${t('catalog.position')} ${p.codeOnImage}`}
                sx={{ minWidth: 32, mr: 1.5, fontWeight: 700, color: 'primary.main', textAlign: 'center' }}
              >
                {p.codeOnImage}
              </Box>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {p.name}
                </Typography>
                <Typography variant="caption" component="div">
                  {number(p)}
                  {amountOf(p) ? ` · ${t('catalog.quantity')}: ${amountOf(p)}` : ''}
                </Typography>
              </Box>
            </ListItem>
          ))}
        </List>
      </Paper>
    );
  return (
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
            <TableCell>
              <VisuallyHidden>{t('results.options')}</VisuallyHidden>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {parts.map((p, i) => (
            <TableRow
              key={`${p.codeOnImage}-${p.oem}-${i}`}
              data-code={p.codeOnImage}
              selected={active === p.codeOnImage}
              hover
              onMouseEnter={() => onActive(p.codeOnImage)}
              sx={{ opacity: p.match === false ? 0.7 : 1 }}
            >
              <TableCell>{p.codeOnImage}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{number(p)}</TableCell>
              <TableCell>{p.name}</TableCell>
              <TableCell align="center">{amountOf(p)}</TableCell>
              <TableCell padding="checkbox">{addButton(p)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
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
        <List dense component="div">
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
