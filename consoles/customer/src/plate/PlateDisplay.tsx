import { Box } from '@mui/material';

/** The large plate display: Colombia 3 + rest; Mexico 3+3, or 3+2+2 when longer than 6 (001 §2). */
export function splitPlate(plate: string, country: 'CO' | 'MX'): string[] {
  if (!plate) return [];
  if (country === 'MX' && plate.length > 6) return [plate.slice(0, 3), plate.slice(3, 5), plate.slice(5)];
  return [plate.slice(0, 3), plate.slice(3)].filter(Boolean);
}

export function PlateDisplay({ plate, country }: { plate: string; country: 'CO' | 'MX' }) {
  const parts = splitPlate(plate, country);
  return (
    <Box
      aria-hidden
      data-testid="plate-display"
      sx={{
        mx: 'auto',
        width: { xs: 250, sm: 300 },
        height: { xs: 84, sm: 100 },
        borderRadius: 2,
        border: '4px solid #222',
        bgcolor: country === 'MX' ? '#f5f5f5' : '#ffd600',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        fontFamily: '"Arial Black", Arial, sans-serif',
        fontSize: { xs: 40, sm: 50 },
        fontWeight: 900,
        letterSpacing: 2,
        color: '#111',
        boxShadow: 'inset 0 0 0 3px rgba(0,0,0,.15)',
      }}
    >
      {parts.length === 0 ? <Box sx={{ opacity: 0.25 }}>ABC 123</Box> : parts.map((p, i) => <span key={i}>{p}</span>)}
    </Box>
  );
}
