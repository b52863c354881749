import { useMemo, useState } from 'react';
import {
  Box,
  Dialog,
  DialogContent,
  DialogTitle,
  Divider,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { isAiAssignedEngine, t, type ProductView } from '@tuerca/contracts';
import { foldText } from '../app/search';
import { Loading } from '../app/ui';
import { useCompatibleVehicles } from './useQuestions';
import { AskCompatibilityForm } from './AskCompatibilityForm';

interface Row {
  make: string;
  model: string;
  years: string;
  engines: string[];
}

function yearsText(years: readonly number[]): string {
  if (years.length === 0) return '—';
  const sorted = [...years].sort((a, b) => a - b);
  return sorted[0] === sorted[sorted.length - 1] ? String(sorted[0]) : `${sorted[0]}–${sorted[sorted.length - 1]}`;
}

/**
 * spec 000 §2 "Compatible vehicles modal: table of Marca, Modelo, Año, Motor with a search box, and a
 * request-compatibility form". One row per make and model; engines as the spec has them, the AI-assigned ones
 * (ending in the suffix) marked.
 */
export function CompatibleVehiclesDialog({
  product,
  open,
  onClose,
  focusForm = false,
}: {
  product: ProductView;
  open: boolean;
  onClose(): void;
  focusForm?: boolean;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const vehicles = useCompatibleVehicles(product.id);
  const [search, setSearch] = useState('');
  const rows: Row[] = useMemo(
    () =>
      (vehicles.data?.data ?? []).flatMap((v) =>
        (v.full_models.length > 0 ? v.full_models : ['—']).map((model) => ({
          make: v.make,
          model,
          years: yearsText(v.years),
          engines: v.engines,
        })),
      ),
    [vehicles.data],
  );
  const needle = foldText(search.trim());
  const shown = needle ? rows.filter((r) => foldText(`${r.make} ${r.model} ${r.years} ${r.engines.join(' ')}`).includes(needle)) : rows;

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" fullScreen={phone} aria-labelledby="compatible-vehicles-title">
      <DialogTitle id="compatible-vehicles-title" sx={{ pr: 6 }}>
        {t('compatibility.modalTitle')}
        <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
          {product.title}
        </Typography>
        <IconButton aria-label={t('common.close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        {focusForm ? null : (
          <>
            <TextField
              size="small"
              fullWidth
              label={t('compatibility.searchPlaceholder')}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              sx={{ mb: 1 }}
            />
            {vehicles.isPending ? (
              <Loading />
            ) : shown.length === 0 ? (
              <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
                {rows.length === 0 ? t('emptyStates.noInformation') : t('emptyStates.noResults')}
              </Typography>
            ) : (
              <Box sx={{ maxHeight: phone ? 'none' : 320, overflowY: 'auto' }}>
                <Table
                  size="small"
                  sx={{ tableLayout: 'fixed', '& td, & th': { overflowWrap: 'anywhere', px: 1 } }}
                  aria-label={t('compatibility.modalTitle')}
                >
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('compatibility.brand')}</TableCell>
                      <TableCell>{t('compatibility.model')}</TableCell>
                      <TableCell>{t('compatibility.year')}</TableCell>
                      <TableCell>{t('compatibility.engine')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {shown.map((r) => (
                      <TableRow key={`${r.make}|${r.model}`}>
                        <TableCell>{r.make}</TableCell>
                        <TableCell>{r.model}</TableCell>
                        <TableCell>{r.years}</TableCell>
                        <TableCell>
                          {r.engines.length === 0
                            ? '—'
                            : r.engines.map((e) => (
                                <Box
                                  component="span"
                                  key={e}
                                  title={isAiAssignedEngine(e) ? t('compatibility.aiAssigned') : undefined}
                                  sx={{ display: 'block', color: isAiAssignedEngine(e) ? 'text.secondary' : undefined }}
                                >
                                  {e}
                                </Box>
                              ))}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Box>
            )}
            <Divider sx={{ my: 2 }} />
          </>
        )}
        <AskCompatibilityForm product={product} onSent={onClose} />
      </DialogContent>
    </Dialog>
  );
}
