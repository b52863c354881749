import { useRef, useState, type PointerEvent, type WheelEvent } from 'react';
import { Box, IconButton, Stack, Tooltip } from '@mui/material';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import CenterFocusStrongIcon from '@mui/icons-material/CenterFocusStrong';
import { t } from '@tuerca/contracts';
import type { UnitPartsAnswer } from './types';

/** A hotspot is at least this many CSS pixels square, whatever the drawing's box: a finger can hit it. */
export const HOTSPOT_MIN_PX = 32;
const MAX_SCALE = 5;

interface View {
  scale: number;
  x: number;
  y: number;
}
const HOME: View = { scale: 1, x: 0, y: 0 };

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));

/** Keeps the zoomed drawing covering its frame (no empty band on a side). */
function bounded(view: View, width: number, height: number): View {
  const scale = clamp(view.scale, 1, MAX_SCALE);
  return { scale, x: clamp(view.x, width * (1 - scale), 0), y: clamp(view.y, height * (1 - scale), 0) };
}

/**
 * The exploded diagram (001 §2 parts diagram): hotspot coordinates as percentages of the image's natural size
 * (001 §9), each hotspot a button of at least 32 × 32 px centred on its box; pinch to zoom and drag to pan on a
 * touch screen, the wheel with Ctrl (or the buttons) to zoom with a mouse.
 */
export function UnitDiagram({
  answer,
  active,
  onHover,
  onHotspot,
}: {
  /** The diagram and its image map (a version 2 unit's parts, or an old-generation subgroup's positions). */
  answer: Pick<UnitPartsAnswer, 'unitInfo' | 'imageMap'>;
  active: string | null;
  onHover(code: string | null): void;
  onHotspot(code: string, el: HTMLElement): void;
}) {
  const [natural, setNatural] = useState<{ w: number; h: number } | null>(null);
  const [view, setView] = useState<View>(HOME);
  const frame = useRef<HTMLDivElement>(null);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef<{ view: View; distance: number; center: { x: number; y: number }; start: { x: number; y: number } } | null>(null);
  const moved = useRef(false);

  const size = () => {
    const r = frame.current?.getBoundingClientRect();
    return { width: r?.width ?? 0, height: r?.height ?? 0, left: r?.left ?? 0, top: r?.top ?? 0 };
  };

  /** Zoom by `factor` keeping the point (px, py) of the frame where it is. */
  const zoomAt = (factor: number, px?: number, py?: number) => {
    const { width, height } = size();
    const cx = px ?? width / 2;
    const cy = py ?? height / 2;
    setView((v) => {
      const scale = clamp(v.scale * factor, 1, MAX_SCALE);
      const k = scale / v.scale;
      return bounded({ scale, x: cx - (cx - v.x) * k, y: cy - (cy - v.y) * k }, width, height);
    });
  };

  const startGesture = () => {
    const pts = [...pointers.current.values()];
    const { left, top } = size();
    const center =
      pts.length >= 2
        ? { x: (pts[0]!.x + pts[1]!.x) / 2 - left, y: (pts[0]!.y + pts[1]!.y) / 2 - top }
        : { x: pts[0]!.x - left, y: pts[0]!.y - top };
    const distance = pts.length >= 2 ? Math.hypot(pts[0]!.x - pts[1]!.x, pts[0]!.y - pts[1]!.y) : 0;
    gesture.current = { view, distance, center, start: center };
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    moved.current = false;
    if (pointers.current.size >= 2 || view.scale > 1) startGesture();
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(e.pointerId)) return;
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const g = gesture.current;
    if (!g) return;
    const pts = [...pointers.current.values()];
    const { width, height, left, top } = size();
    if (pts.length >= 2 && g.distance > 0) {
      // Pinch: scale by the change of the fingers' distance around their first centre, and follow the centre.
      const distance = Math.hypot(pts[0]!.x - pts[1]!.x, pts[0]!.y - pts[1]!.y);
      const center = { x: (pts[0]!.x + pts[1]!.x) / 2 - left, y: (pts[0]!.y + pts[1]!.y) / 2 - top };
      const scale = clamp(g.view.scale * (distance / g.distance), 1, MAX_SCALE);
      const k = scale / g.view.scale;
      setView(bounded({ scale, x: center.x - (g.center.x - g.view.x) * k, y: center.y - (g.center.y - g.view.y) * k }, width, height));
      moved.current = true;
    } else if (pts.length === 1 && g.view.scale > 1) {
      const dx = pts[0]!.x - left - g.start.x;
      const dy = pts[0]!.y - top - g.start.y;
      if (Math.abs(dx) + Math.abs(dy) > 4) moved.current = true;
      setView(bounded({ ...g.view, x: g.view.x + dx, y: g.view.y + dy }, width, height));
    }
  };
  const onPointerEnd = (e: PointerEvent<HTMLDivElement>) => {
    pointers.current.delete(e.pointerId);
    gesture.current = null;
    if (pointers.current.size > 0) startGesture();
  };
  const onWheel = (e: WheelEvent<HTMLDivElement>) => {
    if (!e.ctrlKey) return; // a plain wheel scrolls the page
    e.preventDefault();
    const { left, top } = size();
    zoomAt(e.deltaY < 0 ? 1.2 : 1 / 1.2, e.clientX - left, e.clientY - top);
  };

  const zoomed = view.scale > 1;
  return (
    <Box sx={{ position: 'relative' }}>
      <Stack
        direction="row"
        spacing={0.5}
        sx={{ position: 'absolute', right: 4, top: 4, zIndex: 2, bgcolor: 'rgba(255,255,255,.9)', borderRadius: 1 }}
      >
        <Tooltip title={t('customerConsole.zoomIn')}>
          <IconButton size="small" onClick={() => zoomAt(1.5)} aria-label={t('customerConsole.zoomIn')} disabled={view.scale >= MAX_SCALE}>
            <ZoomInIcon />
          </IconButton>
        </Tooltip>
        <Tooltip title={t('customerConsole.zoomOut')}>
          <span>
            <IconButton size="small" onClick={() => zoomAt(1 / 1.5)} aria-label={t('customerConsole.zoomOut')} disabled={!zoomed}>
              <ZoomOutIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t('customerConsole.zoomReset')}>
          <span>
            <IconButton size="small" onClick={() => setView(HOME)} aria-label={t('customerConsole.zoomReset')} disabled={!zoomed}>
              <CenterFocusStrongIcon />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
      <Box
        ref={frame}
        data-testid="diagram"
        data-scale={view.scale.toFixed(2)}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onWheel={onWheel}
        onClickCapture={(e) => {
          // The end of a pan or a pinch is not a click on the hotspot under the finger.
          if (moved.current) {
            e.stopPropagation();
            moved.current = false;
          }
        }}
        sx={{
          position: 'relative',
          overflow: 'hidden',
          lineHeight: 0,
          bgcolor: '#fff',
          // At rest a finger scrolls the page and two fingers zoom the drawing; zoomed, one finger pans it.
          touchAction: zoomed ? 'none' : 'pan-y',
          cursor: zoomed ? 'grab' : 'default',
          aspectRatio: natural ? `${natural.w} / ${natural.h}` : '4 / 3',
        }}
      >
        <Box
          sx={{ transformOrigin: '0 0', position: 'relative', width: '100%', height: '100%' }}
          style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})` }}
        >
          <img
            src={answer.unitInfo.largeImageUrl}
            alt={t('customerConsole.diagramOf', { name: answer.unitInfo.name })}
            draggable={false}
            style={{ width: '100%', height: '100%', display: 'block', userSelect: 'none' }}
            onLoad={(e) => setNatural({ w: e.currentTarget.naturalWidth, h: e.currentTarget.naturalHeight })}
          />
          {natural
            ? answer.imageMap.map((m, i) => {
                const on = active === m.code;
                return (
                  <Box
                    key={`${m.code}-${i}`}
                    component="button"
                    type="button"
                    aria-label={t('customerConsole.hotspot', { code: m.code })}
                    data-testid={`hotspot-${m.code}`}
                    onClick={(e) => onHotspot(m.code, e.currentTarget)}
                    onMouseEnter={() => onHover(m.code)}
                    onMouseLeave={() => onHover(null)}
                    onFocus={() => onHover(m.code)}
                    sx={{
                      position: 'absolute',
                      // 001 §9: "Diagram hotspot coordinates are converted to percentages of the image's natural size."
                      left: `${((m.x1 + m.x2) / 2 / natural.w) * 100}%`,
                      top: `${((m.y1 + m.y2) / 2 / natural.h) * 100}%`,
                      width: `max(${(HOTSPOT_MIN_PX + 0.5) / view.scale}px, ${((m.x2 - m.x1) / natural.w) * 100}%)`,
                      height: `max(${(HOTSPOT_MIN_PX + 0.5) / view.scale}px, ${((m.y2 - m.y1) / natural.h) * 100}%)`,
                      transform: 'translate(-50%, -50%)',
                      border: '2px solid',
                      borderColor: on ? 'secondary.main' : 'transparent',
                      bgcolor: on ? 'rgba(230,81,0,.18)' : 'transparent',
                      borderRadius: '50%',
                      cursor: 'pointer',
                      p: 0,
                      '&:hover, &:focus-visible': { borderColor: 'secondary.main', bgcolor: 'rgba(230,81,0,.18)', outline: 'none' },
                      // No hover on a touch screen: the targets show faintly so a finger knows where to tap.
                      '@media (hover: none)': { borderColor: on ? 'secondary.main' : 'rgba(13,71,161,.35)' },
                    }}
                  />
                );
              })
            : null}
        </Box>
      </Box>
    </Box>
  );
}
