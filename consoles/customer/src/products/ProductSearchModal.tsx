import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Box, Button, Dialog, IconButton, Stack, Tooltip, Typography, useMediaQuery, useTheme } from '@mui/material';
import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import SchemaIcon from '@mui/icons-material/SchemaOutlined';
import CloseIcon from '@mui/icons-material/Close';
import OpenInFullIcon from '@mui/icons-material/OpenInFull';
import CloseFullscreenIcon from '@mui/icons-material/CloseFullscreen';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import { t } from '@tuerca/contracts';
import { ResultsView } from './ResultsView';

/**
 * The product search result modal (000 §2): draggable by its title bar (pointer, or arrow keys on the
 * handle), resizable from its corner, maximisable; tabs 'Resultado de búsqueda' and 'Sustituciones'. Opened
 * from a diagram (001 §2) it also adds the part to the quote cart and opens the unit in a new tab. On a phone
 * it takes the whole screen.
 */
export default function ProductSearchModal({
  reference,
  name,
  onClose,
  onAddToQuote,
  unitHref,
}: {
  reference: string;
  /** The part's name, when the modal is opened from a diagram. */
  name?: string;
  onClose(): void;
  onAddToQuote?: () => void;
  unitHref?: string;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const [chosenMaximized, setMaximized] = useState(false);
  const maximized = phone || chosenMaximized;
  const drag = useRef<{ x: number; y: number; ox: number; oy: number } | null>(null);

  const onPointerDown = (e: PointerEvent<HTMLElement>) => {
    if (maximized || (e.target as HTMLElement).closest('button')) return;
    drag.current = { x: e.clientX, y: e.clientY, ox: offset.x, oy: offset.y };
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLElement>) => {
    const d = drag.current;
    if (d) setOffset({ x: d.ox + e.clientX - d.x, y: d.oy + e.clientY - d.y });
  };
  const onPointerUp = () => {
    drag.current = null;
  };
  const onKey = (e: KeyboardEvent<HTMLElement>) => {
    const step = e.shiftKey ? 50 : 15;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const m = moves[e.key];
    if (!m) return;
    e.preventDefault();
    setOffset((o) => ({ x: o.x + m[0], y: o.y + m[1] }));
  };

  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby="product-search-title"
      maxWidth={false}
      slotProps={{
        paper: {
          'data-testid': 'product-search-modal',
          style: { transform: maximized ? undefined : `translate(${offset.x}px, ${offset.y}px)` },
          sx: {
            ...(maximized
              ? { width: '100vw', height: '100vh', maxWidth: '100vw', maxHeight: '100vh', m: 0, borderRadius: 0 }
              : {
                  width: { xs: '96vw', md: 960 },
                  height: { xs: '85vh', md: '75vh' },
                  maxWidth: '100vw',
                  resize: 'both',
                  overflow: 'hidden',
                  minWidth: 320,
                  minHeight: 300,
                }),
            display: 'flex',
            flexDirection: 'column',
          },
        } as object,
      }}
    >
      <Stack
        direction="row"
        sx={{
          alignItems: 'center',
          px: 1,
          py: 0.5,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          cursor: maximized ? 'default' : 'move',
          touchAction: 'none',
          userSelect: 'none',
        }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
      >
        {maximized ? null : (
          <Tooltip title={t('customerConsole.moveWindow')}>
            <Box
              component="span"
              tabIndex={0}
              onKeyDown={onKey}
              aria-label={t('customerConsole.moveWindow')}
              role="button"
              sx={{ display: 'inline-flex', mr: 1 }}
            >
              <DragIndicatorIcon />
            </Box>
          </Tooltip>
        )}
        <Typography id="product-search-title" variant="subtitle1" component="h2" sx={{ flexGrow: 1, fontWeight: 700, minWidth: 0 }} noWrap>
          {t('search.resultsTab')} · {reference}
        </Typography>
        {unitHref ? (
          <Tooltip title={t('catalogV2.openUnitInNewTab')}>
            <IconButton
              color="inherit"
              component="a"
              href={unitHref}
              target="_blank"
              rel="noopener"
              aria-label={t('catalogV2.openUnitInNewTab')}
            >
              <SchemaIcon />
            </IconButton>
          </Tooltip>
        ) : null}
        <Tooltip title={t('common.openInNewTab')}>
          <IconButton
            color="inherit"
            component="a"
            href={`/catalogo/page/results?search=${encodeURIComponent(reference)}`}
            target="_blank"
            rel="noopener"
            aria-label={t('common.openInNewTab')}
          >
            <OpenInNewIcon />
          </IconButton>
        </Tooltip>
        {phone ? null : (
          <Tooltip title={maximized ? t('customerConsole.restore') : t('customerConsole.maximize')}>
            <IconButton
              color="inherit"
              onClick={() => setMaximized((m) => !m)}
              aria-label={maximized ? t('customerConsole.restore') : t('customerConsole.maximize')}
            >
              {maximized ? <CloseFullscreenIcon /> : <OpenInFullIcon />}
            </IconButton>
          </Tooltip>
        )}
        <IconButton color="inherit" onClick={onClose} aria-label={t('common.close')}>
          <CloseIcon />
        </IconButton>
      </Stack>
      <Box sx={{ p: { xs: 1, md: 2 }, overflow: 'auto', flexGrow: 1 }}>
        {onAddToQuote ? (
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ mb: 1, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
            data-testid="diagram-part"
          >
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {name ? <strong>{name}</strong> : null}{' '}
              <Box component="span" sx={{ fontFamily: 'monospace' }}>
                {reference}
              </Box>
            </Typography>
            <Button variant="outlined" startIcon={<AddShoppingCartIcon />} onClick={onAddToQuote}>
              {t('catalogV2.addToQuoteCart')}
            </Button>
          </Stack>
        ) : null}
        <ResultsView search={reference} forceReference />
      </Box>
    </Dialog>
  );
}
