import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Chip,
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
import { t, type MessageKey } from '@tuerca/contracts';
import { api, ApiError } from '../app/api';
import { usePrompts } from '../app/prompts';
import { EmptyState, Loading } from '../app/ui';
import { CopyPartNumber } from '../products/CopyPartNumber';
import { useMeterPrompts, type MeterMeta } from './metering';

interface SubstitutionGroup {
  formattedOem: string;
  manufacturer: string;
  replacements: { type: string; way: string; part: { manufacturer: string; formattedOem: string; name: string } }[];
}

const TYPE_KEY: Record<string, MessageKey> = {
  duplicate: 'substitutions.typeDuplicate',
  replacement: 'substitutions.typeReplacement',
  'part whole': 'substitutions.typePartWhole',
  tuning: 'substitutions.typeTuning',
  synonym: 'substitutions.typeSynonym',
  code: 'substitutions.typeCode',
};
const WAY_KEY: Record<string, MessageKey> = {
  forward: 'substitutions.wayForward',
  backward: 'substitutions.wayBackward',
  bidirectional: 'substitutions.wayBidirectional',
};

type State =
  | { kind: 'loading' }
  | { kind: 'loaded'; groups: SubstitutionGroup[]; meta: MeterMeta }
  | { kind: 'notFound'; messages: string[] }
  | { kind: 'requiredLogin' }
  | { kind: 'exhausted' }
  | { kind: 'noResponse'; messages: string[] };

/** OemSubstitutions (lazy area): the catalogue's cross-references of a part number, metered (000 §4, §8). */
export default function OemSubstitutions({ reference }: { reference: string }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const { onMeta, onError } = useMeterPrompts('substitutions_consultations');
  const { openPlans } = usePrompts();
  useEffect(() => {
    if (!reference) return;
    setState({ kind: 'loading' });
    api
      .get<SubstitutionGroup[], MeterMeta>('/catalogo/catalogSubstitutions/getSubstitutions', { reference })
      .then((r) => {
        setState({ kind: 'loaded', groups: r.data ?? [], meta: r.metadata });
        onMeta(r.metadata);
      })
      .catch((err) => {
        const denial = onError(err, t('substitutions.loginRequired'));
        if (denial === 'login') setState({ kind: 'requiredLogin' });
        else if (denial === 'exhausted') setState({ kind: 'exhausted' });
        else if (err instanceof ApiError && err.status === 404) setState({ kind: 'notFound', messages: err.errors });
        else setState({ kind: 'noResponse', messages: err instanceof ApiError ? err.errors : [] });
      });
  }, [reference]);

  if (state.kind === 'loading') return <Loading />;
  if (state.kind === 'requiredLogin') return <Alert severity="warning">{t('substitutions.loginRequired')}</Alert>;
  if (state.kind === 'exhausted')
    return (
      <Alert
        severity="warning"
        action={<Chip label={t('plans.seePlansLink')} onClick={() => openPlans('substitutions_consultations', true)} />}
      >
        {t('plans.exhaustedSubstitutions')}
      </Alert>
    );
  if (state.kind === 'notFound')
    return (
      <EmptyState title={t('search.partNumberNotFound', { n: reference })} detail={state.messages.join(' ') || t('search.checkSpelling')} />
    );
  if (state.kind === 'noResponse') return <EmptyState detail={state.messages.join(' ')} />;
  const { groups, meta } = state;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1, md: 2 } }} data-testid="oem-substitutions">
      <Typography variant="h6" component="h3">
        {t('substitutions.modalTitle', { n: reference })}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ my: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary">
          {t('substitutions.consultedLast30Days', { count: meta.searchesPerformed ?? 0 })}
        </Typography>
        {meta.consultationsAvailable && meta.consultationsAvailable.amount > 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('substitutions.availableQueries', {
              amount: meta.consultationsAvailable.amount,
              date: meta.consultationsAvailable.expiredDate ?? '',
            })}
          </Typography>
        ) : null}
        <Chip
          size="small"
          color="secondary"
          label={t('plans.seePlansLink')}
          onClick={() => openPlans('substitutions_consultations')}
          clickable
        />
      </Stack>
      {groups.length === 0 ? <EmptyState title={t('search.noSubstitutesInEither', { n: reference })} /> : null}
      {groups.map((g) => (
        <Box key={`${g.manufacturer}-${g.formattedOem}`} sx={{ mb: 2 }}>
          <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
            {g.manufacturer} · {g.formattedOem}
          </Typography>
          <TableContainer>
            <Table size="small" aria-label={t('customerConsole.substitutesOf', { reference: g.formattedOem })}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('substitutions.manufacturer')}</TableCell>
                  <TableCell>{t('substitutions.partNumber')}</TableCell>
                  <TableCell>{t('substitutions.name')}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('customerConsole.replacementType')}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('customerConsole.replacementWay')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {g.replacements.map((r, i) => (
                  <TableRow key={i} data-testid="substitution-row">
                    <TableCell>{r.part.manufacturer}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
                      {r.part.formattedOem}
                      <CopyPartNumber reference={r.part.formattedOem} />
                    </TableCell>
                    <TableCell>{r.part.name}</TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                      {TYPE_KEY[r.type] ? t(TYPE_KEY[r.type]!) : r.type}
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{WAY_KEY[r.way] ? t(WAY_KEY[r.way]!) : r.way}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Box>
      ))}
    </Paper>
  );
}
