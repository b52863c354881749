import {
  Alert,
  Avatar,
  Box,
  Card,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { cutProviderName, formatRatingAverage, PROVIDER_NAME_MAX_LENGTH, t, type ProductView } from '@tuerca/contracts';
import { CopyPartNumber } from './CopyPartNumber';
import { PriceCell, ProductActions, ProductDialogs } from './ProductActions';

/** The store's rating by its buyers (issue #13), next to its name: '★ 4,5 (12 calificaciones)'. */
function StoreRating({ product }: { product: ProductView }) {
  const rating = product.store.rating;
  if (!rating) return null;
  const text = t('ratings.summary', { average: formatRatingAverage(rating.average), count: rating.count });
  return (
    <Box component="span" sx={{ ml: 0.5, whiteSpace: 'nowrap', color: 'text.secondary' }} data-testid="store-rating" aria-label={text}>
      <Box component="span" aria-hidden sx={{ color: 'warning.main' }}>
        ★
      </Box>{' '}
      {text}
    </Box>
  );
}

/** 000 §9: the provider's name is cut to 21 characters; the cut shows ('…') and the whole name is a tooltip away. */
function ProviderName({ product }: { product: ProductView }) {
  const name = product.showStoreNameToUser ? product.store.name : product.users.providerName;
  if (!name) return null;
  if ([...name].length <= PROVIDER_NAME_MAX_LENGTH)
    return (
      <>
        {name}
        <StoreRating product={product} />
      </>
    );
  return (
    <>
      <Tooltip title={name}>
        <span>{`${cutProviderName(name)}…`}</span>
      </Tooltip>
      <StoreRating product={product} />
    </>
  );
}

function Photo({ product, size }: { product: ProductView; size: number }) {
  return (
    <Avatar
      variant="rounded"
      src={product.imagesURLs[0]}
      alt=""
      sx={{ width: size, height: size, fontSize: 10, bgcolor: 'grey.200', color: 'text.secondary' }}
      slotProps={{ img: { loading: 'lazy', width: size, height: size } }}
    >
      {t('customerConsole.noImage')}
    </Avatar>
  );
}

/**
 * A result as a card (phones and narrow windows): photo, title, brand, part number, provider, price and
 * availability, and the action — all inside the screen's width, nothing to scroll sideways for.
 */
function ProductCard({ product: p, showRefs, onChange }: { product: ProductView; showRefs: boolean; onChange(p: ProductView): void }) {
  const showProvider = p.showProvider || p.showStoreNameToUser;
  return (
    <Card variant="outlined" component="li" sx={{ p: 1.5, opacity: p.available ? 1 : 0.85, listStyle: 'none' }} data-testid="product-row">
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <Photo product={p} size={64} />
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="body2" component="h3" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {p.title}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p">
            {p.manufacturer_title}
          </Typography>
          {showRefs && p.referencia_1 ? (
            <Stack direction="row" sx={{ alignItems: 'center', fontFamily: 'monospace', fontSize: 13, flexWrap: 'wrap' }}>
              <span>{p.referencia_1}</span>
              <CopyPartNumber reference={p.referencia_1} />
            </Stack>
          ) : null}
          {showProvider ? (
            <Typography variant="caption" color="text.secondary" component="p">
              {t('results.provider')}: <ProviderName product={p} />
            </Typography>
          ) : null}
          {p.tiempos_de_entrega ? (
            <Typography variant="caption" color="text.secondary" component="p">
              {t('results.deliveryTime')}: {p.tiempos_de_entrega}
            </Typography>
          ) : null}
          {p.observaciones ? (
            <Typography variant="caption" color="text.secondary" component="p" sx={{ overflowWrap: 'anywhere' }}>
              {p.observaciones}
            </Typography>
          ) : null}
        </Box>
      </Stack>
      <Stack
        direction="row"
        spacing={1}
        sx={{
          mt: 1,
          pt: 1,
          borderTop: 1,
          borderColor: 'divider',
          alignItems: 'flex-start',
          justifyContent: 'space-between',
          flexWrap: 'wrap',
          gap: 1,
        }}
      >
        <PriceCell product={p} />
        <ProductActions product={p} onChange={onChange} />
      </Stack>
    </Card>
  );
}

/**
 * Result table (000 §2): photo, part number, description, provider, brand, net price, delivery time, options.
 * Below the md breakpoint the results are cards: the price and the action stay on screen on a phone.
 */
export function ProductTable(props: { products: ProductView[]; onChange(p: ProductView): void; banner?: string }) {
  return (
    <ProductDialogs onChange={props.onChange}>
      <ProductList {...props} />
    </ProductDialogs>
  );
}

function ProductList({ products, onChange, banner }: { products: ProductView[]; onChange(p: ProductView): void; banner?: string }) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const showRefs = products.some((p) => p.referencia_1 !== null);
  const showProvider = products.some((p) => p.showProvider || p.showStoreNameToUser);
  const showDelivery = products.some((p) => p.tiempos_de_entrega);
  if (narrow)
    return (
      <Stack spacing={1}>
        {banner ? <Alert severity="info">{banner}</Alert> : null}
        <Stack component="ul" spacing={1} sx={{ p: 0, m: 0 }} aria-label={banner ?? t('search.resultsTab')} data-testid="product-cards">
          {products.map((p) => (
            <ProductCard key={p.id} product={p} showRefs={showRefs} onChange={onChange} />
          ))}
        </Stack>
      </Stack>
    );
  return (
    <Stack spacing={1}>
      {banner ? <Alert severity="info">{banner}</Alert> : null}
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={banner ?? t('search.resultsTab')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('results.photo')}</TableCell>
              {showRefs ? <TableCell>{t('results.partNumber')}</TableCell> : null}
              <TableCell>{t('results.description')}</TableCell>
              {showProvider ? <TableCell>{t('results.provider')}</TableCell> : null}
              <TableCell>{t('results.brand')}</TableCell>
              <TableCell>{t('results.netPrice')}</TableCell>
              {showDelivery ? <TableCell sx={{ display: { md: 'none', lg: 'table-cell' } }}>{t('results.deliveryTime')}</TableCell> : null}
              <TableCell>{t('results.options')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {products.map((p) => (
              <TableRow key={p.id} hover sx={{ opacity: p.available ? 1 : 0.85 }} data-testid="product-row">
                <TableCell>
                  <Photo product={p} size={48} />
                </TableCell>
                {showRefs ? (
                  <TableCell sx={{ whiteSpace: 'nowrap', fontFamily: 'monospace' }}>
                    {p.referencia_1 ? (
                      <>
                        {p.referencia_1}
                        <CopyPartNumber reference={p.referencia_1} />
                      </>
                    ) : null}
                  </TableCell>
                ) : null}
                <TableCell>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {p.title}
                  </Typography>
                  {p.observaciones ? (
                    <Typography variant="caption" color="text.secondary">
                      {p.observaciones}
                    </Typography>
                  ) : null}
                </TableCell>
                {showProvider ? (
                  <TableCell>{p.showProvider || p.showStoreNameToUser ? <ProviderName product={p} /> : null}</TableCell>
                ) : null}
                <TableCell>{p.manufacturer_title}</TableCell>
                <TableCell>
                  <PriceCell product={p} />
                </TableCell>
                {showDelivery ? <TableCell sx={{ display: { md: 'none', lg: 'table-cell' } }}>{p.tiempos_de_entrega}</TableCell> : null}
                <TableCell>
                  <ProductActions product={p} onChange={onChange} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Stack>
  );
}
