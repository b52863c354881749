import { Link as RouterLink } from 'react-router';
import { Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { t, type DecodedVinView, type VinCandidate, type VinEvidenceKind } from '@tuerca/contracts';
import { AttributeChips } from './AttributeChips';
import { vehiclePath, V2 } from './routes';

const EVIDENCE_LABEL: Partial<Record<VinEvidenceKind, Parameters<typeof t>[0]>> = {
  make: 'vin.evidenceMake',
  kind: 'vin.evidenceKind',
  year: 'vin.evidenceYear',
  model: 'vin.evidenceModel',
  engine: 'vin.evidenceEngine',
  body: 'vin.evidenceBody',
  fuel: 'vin.evidenceFuel',
  market: 'vin.evidenceMarket',
};

/** 'Coincide en marca, año y modelo': what a candidate agrees with, in the person's words. */
function matchesOn(candidate: VinCandidate): string {
  const kinds = [...new Set(candidate.evidence.map((e) => e.kind))].flatMap((k) => (EVIDENCE_LABEL[k] ? [t(EVIDENCE_LABEL[k])] : []));
  return t('vin.matchesOn', { list: new Intl.ListFormat('es', { type: 'conjunction' }).format(kinds) });
}

function confidenceOf(c: VinCandidate): { label: string; color: 'success' | 'warning' | 'default' } {
  if (c.confidence >= 0.75) return { label: t('vin.confidenceHigh'), color: 'success' };
  if (c.confidence >= 0.55) return { label: t('vin.confidenceMedium'), color: 'warning' };
  return { label: t('vin.confidenceLow'), color: 'default' };
}

/** The attributes a person tells vehicles apart by (the market only matters between markets). */
const SHOWN = ['Año', 'Motor', 'Cilindrada', 'Combustible', 'Transmisión', 'Carrocería', 'Mercado'];

/**
 * '¿Cuál es tu vehículo?' — the catalogue's candidates for a VIN outside its index, ranked by the evidence the
 * VIN carries; never shown as found. Choosing one opens its groups (without the VIN: not an exact match, so
 * no part claims to fit it).
 */
export function VinCandidatePicker({
  vin,
  candidates,
  decoded,
}: {
  vin: string | null;
  candidates: VinCandidate[];
  decoded: DecodedVinView | null;
}) {
  const facts: [string, string][] = [];
  if (decoded?.make) facts.push([t('vin.decodedMake'), decoded.make]);
  if (decoded?.model) facts.push([t('vin.decodedModel'), decoded.model]);
  if (decoded?.years.length) facts.push([t('vin.decodedYears'), decoded.years.join(' o ')]);
  if (decoded?.kind) facts.push([t('vin.decodedKind'), decoded.kind === 'motorcycle' ? t('vin.kindMotorcycle') : t('vin.kindCar')]);
  if (decoded?.country) facts.push([t('vin.decodedCountry'), decoded.country]);
  return (
    <Stack spacing={2} data-testid="vin-candidates">
      <Box>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          {t('vin.whichVehicle')}
        </Typography>
        <Typography color="text.secondary">{vin ? t('vin.candidatesIntro', { vin }) : t('vin.candidatesIntroToken')}</Typography>
      </Box>
      {facts.length > 0 ? (
        <Paper variant="outlined" sx={{ p: 2 }} data-testid="vin-decoded">
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            {t('vin.whatTheVinSays')}
          </Typography>
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(5, auto)' }, gap: 1, m: 0 }}>
            {facts.map(([label, value]) => (
              <Box key={label}>
                <Typography component="dt" variant="caption" color="text.secondary">
                  {label}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600 }}>
                  {value}
                </Typography>
              </Box>
            ))}
          </Box>
        </Paper>
      ) : null}
      <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {candidates.map((c) => {
          const confidence = confidenceOf(c);
          const to = vehiclePath({ catalog: c.catalog, ssd: c.ssd, name: c.name, vehicleId: c.vehicleId, vin: null });
          return (
            <Paper component="li" key={c.vehicleId} variant="outlined" sx={{ p: 2 }} data-testid="vin-candidate">
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 0.5, mb: 0.5 }}>
                    <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, m: 0 }}>
                      {c.name}
                    </Typography>
                    <Chip size="small" color={confidence.color} label={confidence.label} variant="outlined" />
                  </Stack>
                  <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                    {matchesOn(c)}
                  </Typography>
                  <AttributeChips attributes={c.attributes.filter((a) => SHOWN.includes(a.name))} />
                </Box>
                <Button
                  variant="contained"
                  component={RouterLink}
                  to={to}
                  sx={{ alignSelf: { xs: 'stretch', sm: 'center' }, minHeight: 44 }}
                >
                  {t('vin.chooseThis')}
                </Button>
              </Stack>
            </Paper>
          );
        })}
      </Stack>
      <Box>
        <Button component={RouterLink} to={`${V2}/`} variant="text">
          {t('vin.noneOfThese')}
        </Button>
      </Box>
    </Stack>
  );
}
