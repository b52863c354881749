import { Box, Chip, Tooltip } from '@mui/material';

/** A vehicle's attributes as small chips, long values cut to 20 characters with the whole text in a tooltip. */
export function AttributeChips({ attributes }: { attributes: { name: string; value: string }[] }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {attributes.map((a) => (
        <Tooltip key={a.name} title={`${a.name}: ${a.value}`}>
          <Chip size="small" label={a.value.length > 20 ? `${a.value.slice(0, 20)}…` : a.value} />
        </Tooltip>
      ))}
    </Box>
  );
}
