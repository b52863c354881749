import { useState } from 'react';
import { Box, ToggleButton, ToggleButtonGroup, Tooltip } from '@mui/material';
import { keyframes } from '@mui/material/styles';
import GridViewIcon from '@mui/icons-material/GridView';
import ViewAgendaIcon from '@mui/icons-material/ViewAgendaOutlined';
import TableRowsIcon from '@mui/icons-material/TableRowsOutlined';
import { t } from '@tuerca/contracts';
import { readLocal, STORAGE_KEYS, writeLocal } from './storage';

/** 001 §4 "View mode. One of cards, squareCards, table." */
export type ViewMode = 'cards' | 'squareCards' | 'table';
export const VIEW_MODES: ViewMode[] = ['squareCards', 'cards', 'table'];

/** The spec's default preference value. */
export const DEFAULT_VIEW_MODE: ViewMode = 'cards';

const ICONS: Record<ViewMode, typeof GridViewIcon> = {
  squareCards: GridViewIcon,
  cards: ViewAgendaIcon,
  table: TableRowsIcon,
};

const pulse = keyframes`
  0% { box-shadow: 0 0 0 0 rgba(245, 124, 0, 0.7); }
  70% { box-shadow: 0 0 0 8px rgba(245, 124, 0, 0); }
  100% { box-shadow: 0 0 0 0 rgba(245, 124, 0, 0); }
`;

function storedMode(preference: string, modes: ViewMode[], fallback: ViewMode): ViewMode {
  const all = readLocal<Record<string, ViewMode>>(STORAGE_KEYS.viewModes, {});
  const mode = all[preference];
  return mode && modes.includes(mode) ? mode : fallback;
}

/**
 * The chosen view, remembered in localStorage under a configurable preference name (001 §2 view switcher);
 * 'cards' unless the screen says otherwise.
 */
export function useViewMode(preference: string, modes: ViewMode[] = VIEW_MODES, fallback: ViewMode = DEFAULT_VIEW_MODE) {
  const [mode, setMode] = useState<ViewMode>(() => storedMode(preference, modes, fallback));
  const choose = (next: ViewMode) => {
    setMode(next);
    writeLocal(STORAGE_KEYS.viewModes, { ...readLocal<Record<string, ViewMode>>(STORAGE_KEYS.viewModes, {}), [preference]: next });
  };
  return [mode, choose] as const;
}

function usedModes(): Partial<Record<ViewMode, boolean>> {
  return readLocal<Partial<Record<ViewMode, boolean>>>(STORAGE_KEYS.viewModesUsed, {});
}

function markUsed(mode: ViewMode) {
  const used = usedModes();
  if (used[mode]) return;
  writeLocal(STORAGE_KEYS.viewModesUsed, { ...used, [mode]: true });
}

/**
 * Icons for square cards, list cards and table (001 §2). A one-time pulse marker shows on each mode until it
 * is first used; the mode on screen counts as used.
 */
export function ViewSwitcher({
  value,
  onChange,
  modes = VIEW_MODES,
}: {
  value: ViewMode;
  onChange(mode: ViewMode): void;
  modes?: ViewMode[];
}) {
  const [used, setUsed] = useState(usedModes);
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={value}
      onChange={(_e, next: ViewMode | null) => {
        if (!next) return;
        // The mode left and the mode chosen have both been used: neither pulses again.
        markUsed(value);
        markUsed(next);
        setUsed(usedModes());
        onChange(next);
      }}
      aria-label={t('customerConsole.viewMode')}
      data-testid="view-switcher"
    >
      {modes.map((m) => {
        const Icon = ICONS[m];
        const fresh = !used[m] && m !== value;
        return (
          <ToggleButton key={m} value={m} aria-label={t(`viewSwitcher.${m}`)} data-testid={`view-${m}`}>
            <Tooltip title={fresh ? `${t(`viewSwitcher.${m}`)} · ${t('customerConsole.newViewMode')}` : t(`viewSwitcher.${m}`)}>
              <Box component="span" sx={{ position: 'relative', display: 'inline-flex' }}>
                <Icon fontSize="small" />
                {fresh ? (
                  <Box
                    component="span"
                    data-testid={`view-pulse-${m}`}
                    aria-hidden
                    sx={{
                      position: 'absolute',
                      top: -4,
                      right: -6,
                      width: 8,
                      height: 8,
                      borderRadius: '50%',
                      bgcolor: 'warning.main',
                      animation: `${pulse} 1.6s ease-out infinite`,
                      '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
                    }}
                  />
                ) : null}
              </Box>
            </Tooltip>
          </ToggleButton>
        );
      })}
    </ToggleButtonGroup>
  );
}
