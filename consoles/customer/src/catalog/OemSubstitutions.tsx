import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
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
import { EmptyState, Loading, useToast } from '../app/ui';
import { readLocal, writeLocal } from '../app/storage';
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

const SAVED_KEY = 'tuerca.savedSubstitutions';
const REPORT_MAX = 1024;

/** 'Reportar un error' (001 §2, §3, §5, §8): errorMessage (required, max 1024), reference, url. */
function ReportErrorDialog({ reference, open, onClose }: { reference: string; open: boolean; onClose(): void }) {
  const notify = useToast();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) {
      setText('');
      setProblem(null);
    }
  }, [open]);
  const send = async () => {
    if (!text.trim()) return setProblem(t('validation.required'));
    setBusy(true);
    setProblem(null);
    try {
      await api.post('/catalogo/catalogV2/reportSubstitutionError', { errorMessage: text.trim(), reference, url: window.location.href });
      notify(t('substitutions.reportSent'), { detail: t('substitutions.reportSentDetail') });
      onClose();
    } catch {
      setProblem(t('substitutions.reportFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="report-error-title">
      <DialogTitle id="report-error-title">{t('customerConsole.reportTitle', { n: reference })}</DialogTitle>
      <DialogContent>
        <TextField
          label={t('customerConsole.reportLabel')}
          placeholder={t('substitutions.reportPlaceholder')}
          value={text}
          onChange={(e) => {
            setText(e.target.value.slice(0, REPORT_MAX));
            setProblem(null);
          }}
          multiline
          minRows={4}
          fullWidth
          sx={{ mt: 1 }}
          helperText={`${text.length}/${REPORT_MAX}`}
          slotProps={{ htmlInput: { maxLength: REPORT_MAX } }}
        />
        {problem ? (
          <Alert severity="error" sx={{ mt: 1 }} role="alert">
            {problem}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={send} disabled={busy}>
          {t('substitutions.sendReport')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** OemSubstitutions (lazy area): the catalogue's cross-references of a part number, metered (000 §4, §8). */
export default function OemSubstitutions({ reference, selectable = true }: { reference: string; selectable?: boolean }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const notify = useToast();
  const [reporting, setReporting] = useState(false);
  const [showPlans, setShowPlans] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(() => new Set(readLocal<Record<string, string[]>>(SAVED_KEY, {})[reference] ?? []));
  const toggleSelected = (key: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const saveSelection = () => {
    if (selected.size === 0) return notify(t('customerConsole.selectToSave'), { severity: 'info' });
    writeLocal(SAVED_KEY, { ...readLocal<Record<string, string[]>>(SAVED_KEY, {}), [reference]: [...selected] });
    notify(t('customerConsole.substitutionsSaved', { count: selected.size, n: reference }));
  };
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
          label={showPlans ? t('customerConsole.hidePlans') : t('plans.seePlansLink')}
          onClick={() => setShowPlans((v) => !v)}
          aria-pressed={showPlans}
          aria-expanded={showPlans}
          clickable
        />
        <Box sx={{ flexGrow: 1 }} />
        <Button size="small" color="warning" onClick={() => setReporting(true)}>
          {t('substitutions.reportError')}
        </Button>
      </Stack>
      {showPlans ? (
        <Alert
          severity="info"
          sx={{ mb: 1 }}
          action={
            <Button color="inherit" size="small" onClick={() => openPlans('substitutions_consultations')}>
              {t('plans.seePlans')}
            </Button>
          }
        >
          {t('substitutions.availableQueries', {
            amount: meta.consultationsAvailable?.amount ?? 0,
            date: meta.consultationsAvailable?.expiredDate ?? '—',
          })}
        </Alert>
      ) : null}
      <ReportErrorDialog reference={reference} open={reporting} onClose={() => setReporting(false)} />
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
                  {selectable ? <TableCell padding="checkbox" /> : null}
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
                    {selectable ? (
                      <TableCell padding="checkbox">
                        <Checkbox
                          checked={selected.has(`${r.part.manufacturer}|${r.part.formattedOem}`)}
                          onChange={() => toggleSelected(`${r.part.manufacturer}|${r.part.formattedOem}`)}
                          slotProps={{
                            input: { 'aria-label': t('customerConsole.selectSubstitution', { reference: r.part.formattedOem }) },
                          }}
                        />
                      </TableCell>
                    ) : null}
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
      {selectable && groups.length > 0 ? (
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button variant="contained" onClick={saveSelection}>
            {t('substitutions.saveSubstitutions')}
          </Button>
        </Stack>
      ) : null}
    </Paper>
  );
}
