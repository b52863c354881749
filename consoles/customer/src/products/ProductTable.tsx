import {
  Alert,
  Avatar,
  Box,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { cutProviderName, t, type ProductView } from '@tuerca/contracts';
import { CopyPartNumber } from './CopyPartNumber';
import { PriceCell, ProductActions } from './ProductActions';

/** Result table (000 §2): photo, part number, description, provider, brand, net price, delivery time, options. */
export function ProductTable({ products, onChange, banner }: { products: ProductView[]; onChange(p: ProductView): void; banner?: string }) {
  const showRefs = products.some((p) => p.referencia_1 !== null);
  const showProvider = products.some((p) => p.showProvider || p.showStoreNameToUser);
  const showDelivery = products.some((p) => p.tiempos_de_entrega);
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
              {showProvider ? <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('results.provider')}</TableCell> : null}
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('results.brand')}</TableCell>
              <TableCell>{t('results.netPrice')}</TableCell>
              {showDelivery ? <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('results.deliveryTime')}</TableCell> : null}
              <TableCell>{t('results.options')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {products.map((p) => (
              <TableRow key={p.id} hover sx={{ opacity: p.available ? 1 : 0.75 }} data-testid="product-row">
                <TableCell>
                  <Avatar variant="rounded" src={p.imagesURLs[0]} alt="" sx={{ width: 48, height: 48, fontSize: 10 }}>
                    {t('customerConsole.noImage')}
                  </Avatar>
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
                  <Box sx={{ display: { sm: 'none' } }}>
                    <Typography variant="caption">{p.manufacturer_title}</Typography>
                  </Box>
                </TableCell>
                {showProvider ? (
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                    {cutProviderName(p.showStoreNameToUser ? p.store.name : p.users.providerName)}
                  </TableCell>
                ) : null}
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{p.manufacturer_title}</TableCell>
                <TableCell>
                  <PriceCell product={p} />
                </TableCell>
                {showDelivery ? <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{p.tiempos_de_entrega}</TableCell> : null}
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
