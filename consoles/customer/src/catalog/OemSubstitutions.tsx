import { useState } from 'react';
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
  List,
  ListItem,
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
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { catalogBrowseRoutes, catalogLookupRoutes, reportSubstitutionErrorBodySchema, t, type MessageKey } from '@tuerca/contracts';
import { ApiError } from '../app/api';
import { usePrompts } from '../app/prompts';
import { meteringGate, meterMetaOf, useRouteMutation, useRouteQuery, type MeterMeta } from '../app/queries';
import { MeteringGatePanel } from '../app/MeteringGate';
import { formatDate } from '../app/format';
import { useSession } from '../app/session';
import { EmptyState, LoadFailed, Loading, useToast, VisuallyHidden } from '../app/ui';
import { readLocal, writeLocal } from '../app/storage';
import { CopyPartNumber } from '../products/CopyPartNumber';
import type { SubstitutionGroup } from './types';

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

const SAVED_KEY = 'tuerca.savedSubstitutions';
const REPORT_MAX = 1024;

/**
 * 'Reportar un error' (001 §2, §3, §5, §8): errorMessage (required, max 1024), reference, url. The text is
 * checked by the same contract the service parses it with, so the person reads what is wrong with it.
 */
function ReportErrorDialog({ reference, onClose }: { reference: string; onClose(): void }) {
  const notify = useToast();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const report = useRouteMutation(
    catalogBrowseRoutes.reportSubstitutionError,
    (body: { errorMessage: string; reference: string; url: string }) => ({ body }),
    {
      onSuccess: () => {
        notify(t('substitutions.reportSent'), { detail: t('substitutions.reportSentDetail') });
        onClose();
      },
      onError: (err) =>
        setProblem(
          err instanceof ApiError && err.status === 400 && err.errors.length ? err.errors.join(' ') : t('substitutions.reportFailed'),
        ),
    },
  );
  const send = () => {
    const body = { errorMessage: text, reference, url: window.location.href };
    const parsed = reportSubstitutionErrorBodySchema.safeParse(body);
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? t('validation.required'));
    setProblem(null);
    report.mutate(body);
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="report-error-title">
      <DialogTitle id="report-error-title">{t('customerConsole.reportTitle', { n: reference })}</DialogTitle>
      <DialogContent>
        <TextField
          label={t('customerConsole.reportLabel')}
          placeholder={t('substitutions.reportPlaceholder')}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setProblem(null);
          }}
          multiline
          minRows={4}
          fullWidth
          sx={{ mt: 1 }}
          error={text.length > REPORT_MAX}
          helperText={`${text.length}/${REPORT_MAX}`}
        />
        {problem ? (
          <Alert severity="error" sx={{ mt: 1 }} role="alert">
            {problem}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={send} disabled={report.isPending}>
          {t('substitutions.sendReport')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** 'Consultas disponibles: 3 (vencen el 5 de marzo de 2026)'; no '(vencen el —)' when nothing expires. */
function availableText(meta: MeterMeta, country: 'CO' | 'MX' | undefined): string {
  const amount = meta.consultationsAvailable?.amount ?? 0;
  const date = meta.consultationsAvailable?.expiredDate;
  return amount > 0 && date
    ? t('substitutions.availableQueries', { amount, date: formatDate(date, country) })
    : t('substitutions.availableQueriesNoExpiry', { amount });
}

/**
 * OemSubstitutions (lazy area): the catalogue's cross-references of a part number, metered (000 §4, §8). At
 * the forced login or with the lookups exhausted only the gate shows. `notFoundSaid`: the page already said
 * the number is not found, so this area does not say it again. `written`: the number as the person wrote it
 * ('WK 616/1'), shown until the catalogue answers with the number as it writes it.
 */
export default function OemSubstitutions({
  reference,
  written,
  selectable = true,
  notFoundSaid = false,
}: {
  reference: string;
  written?: string;
  selectable?: boolean;
  notFoundSaid?: boolean;
}) {
  const { user } = useSession();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const notify = useToast();
  const { openPlans } = usePrompts();
  const [reporting, setReporting] = useState(false);
  const [showPlans, setShowPlans] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(() => new Set(readLocal<Record<string, string[]>>(SAVED_KEY, {})[reference] ?? []));
  const query = useRouteQuery(
    catalogLookupRoutes.getSubstitutions,
    { query: { reference } },
    { enabled: reference !== '', metering: { plans: 'substitutions_consultations' } },
  );
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
    notify(t('customerConsole.substitutionsSaved', { count: selected.size, n: shown }));
  };
  // Lookups match the normalised number; people read it as the catalogue writes it.
  const asWritten = query.data?.data?.find((g) => g.formattedOem.replace(/[^A-Za-z0-9]/g, '').toUpperCase() === reference)?.formattedOem;
  const shown = asWritten ?? written ?? reference;

  const gate = meteringGate(query);
  if (!reference) return null;
  if (gate) return <MeteringGatePanel gate={gate} kind="substitutions_consultations" />;
  if (query.isPending) return <Loading />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404)
      return notFoundSaid ? null : (
        <EmptyState
          title={t('search.partNumberNotFound', { n: shown })}
          detail={query.error.errors.join(' ') || t('search.checkSpelling')}
        />
      );
    // 000 §8 "Other substitutions errors: Server's error list is shown".
    const messages = query.error instanceof ApiError ? query.error.errors : [];
    return <LoadFailed onRetry={() => void query.refetch()} detail={messages.join(' ') || undefined} />;
  }
  const groups = query.data.data ?? [];
  const meta = meterMetaOf(query) ?? {};
  const key = (r: SubstitutionGroup['replacements'][number]) => `${r.part.manufacturer}|${r.part.formattedOem}`;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1, md: 2 } }} data-testid="oem-substitutions">
      <Typography variant="h6" component="h3" sx={{ overflowWrap: 'anywhere' }}>
        {t('substitutions.modalTitle', { n: shown })}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ my: 1, flexWrap: 'wrap', alignItems: { sm: 'center' } }}>
        <Typography variant="body2" color="text.secondary">
          {t('substitutions.consultedLast30Days', { count: meta.searchesPerformed ?? 0 })}
        </Typography>
        {meta.consultationsAvailable && meta.consultationsAvailable.amount > 0 ? (
          <Typography variant="body2" color="text.secondary">
            {availableText(meta, user.country)}
          </Typography>
        ) : null}
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Chip
            size="small"
            color="secondary"
            label={showPlans ? t('customerConsole.hidePlans') : t('plans.seePlansLink')}
            onClick={() => setShowPlans((v) => !v)}
            aria-pressed={showPlans}
            aria-expanded={showPlans}
            clickable
          />
          <Button size="small" color="secondary" onClick={() => setReporting(true)}>
            {t('substitutions.reportError')}
          </Button>
        </Stack>
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
          {availableText(meta, user.country)}
        </Alert>
      ) : null}
      {reporting ? <ReportErrorDialog reference={shown} onClose={() => setReporting(false)} /> : null}
      {groups.length === 0 ? (
        <EmptyState title={t('search.noSubstitutesInEither', { n: shown })} detail={t('customerConsole.noSubstitutesNext')} />
      ) : null}
      {groups.map((g) => (
        <Box key={`${g.manufacturer}-${g.formattedOem}`} sx={{ mb: 2 }}>
          <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
            {g.manufacturer} · {g.formattedOem}
          </Typography>
          {phone ? (
            <List dense disablePadding aria-label={t('customerConsole.substitutesOf', { reference: g.formattedOem })}>
              {g.replacements.map((r, i) => (
                <ListItem key={i} divider disableGutters data-testid="substitution-row" sx={{ alignItems: 'flex-start' }}>
                  {selectable ? (
                    <Checkbox
                      checked={selected.has(key(r))}
                      onChange={() => toggleSelected(key(r))}
                      slotProps={{ input: { 'aria-label': t('customerConsole.selectSubstitution', { reference: r.part.formattedOem }) } }}
                      sx={{ mt: -0.5 }}
                    />
                  ) : null}
                  <Box sx={{ minWidth: 0 }}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {r.part.manufacturer}{' '}
                      <Box component="span" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                        {r.part.formattedOem}
                      </Box>
                      <CopyPartNumber reference={r.part.formattedOem} />
                    </Typography>
                    <Typography variant="caption" color="text.secondary" component="p">
                      {r.part.name} · {TYPE_KEY[r.type] ? t(TYPE_KEY[r.type]!) : r.type} · {WAY_KEY[r.way] ? t(WAY_KEY[r.way]!) : r.way}
                    </Typography>
                  </Box>
                </ListItem>
              ))}
            </List>
          ) : (
            <TableContainer>
              <Table size="small" aria-label={t('customerConsole.substitutesOf', { reference: g.formattedOem })}>
                <TableHead>
                  <TableRow>
                    {selectable ? (
                      <TableCell padding="checkbox">
                        <VisuallyHidden>{t('customerConsole.selected')}</VisuallyHidden>
                      </TableCell>
                    ) : null}
                    <TableCell>{t('substitutions.manufacturer')}</TableCell>
                    <TableCell>{t('substitutions.partNumber')}</TableCell>
                    <TableCell>{t('substitutions.name')}</TableCell>
                    <TableCell>{t('customerConsole.replacementType')}</TableCell>
                    <TableCell>{t('customerConsole.replacementWay')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {g.replacements.map((r, i) => (
                    <TableRow key={i} data-testid="substitution-row">
                      {selectable ? (
                        <TableCell padding="checkbox">
                          <Checkbox
                            checked={selected.has(key(r))}
                            onChange={() => toggleSelected(key(r))}
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
                      <TableCell>{TYPE_KEY[r.type] ? t(TYPE_KEY[r.type]!) : r.type}</TableCell>
                      <TableCell>{WAY_KEY[r.way] ? t(WAY_KEY[r.way]!) : r.way}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
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
