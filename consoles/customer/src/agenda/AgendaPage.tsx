import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogTitle,
  FormControlLabel,
  IconButton,
  Link,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { t, type Activity, type ActivityFilter } from '@tuerca/contracts';
import { errorText } from '../app/api';
import { usePrompts } from '../app/prompts';
import { useSession } from '../app/session';
import { EmptyState, LoadFailed, Loading, useToast } from '../app/ui';
import { ActivityDialog, reminderLabel } from './ActivityDialog';
import { AGENDA_PAGE_SIZE, formatActivityDate, useActivities, useRemoveActivity, useSaveActivity } from './useActivities';

type StateFilter = 'all' | '0' | '1';
type View = 'list' | 'calendar';

const two = (n: number) => String(n).padStart(2, '0');
const dayKey = (y: number, m: number, d: number) => `${y}-${two(m + 1)}-${two(d)}`;

/** One activity as a card: its date, state, reminder; done/undo, edit, delete. */
function ActivityCard({ a, onEdit, onRemove }: { a: Activity; onEdit(): void; onRemove(): void }) {
  const notify = useToast();
  const { save, pending } = useSaveActivity();
  const done = a.activity_state === 1;
  const toggle = async () => {
    try {
      await save({ activity_state: done ? 0 : 1 }, a.id);
      notify(done ? t('agenda.markedPending') : t('agenda.markedDone'));
    } catch (err) {
      notify(errorText(err, t('errors.unexpected')), { severity: 'error' });
    }
  };
  return (
    <Card variant="outlined" data-testid="activity-card" sx={{ opacity: done ? 0.75 : 1 }}>
      <CardContent sx={{ pb: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}>
          <Typography variant="body2" sx={{ fontWeight: 700 }} color="primary">
            {formatActivityDate(a.date)}
          </Typography>
          <Chip size="small" color={done ? 'success' : 'default'} label={done ? t('agenda.done') : t('agenda.pending')} />
        </Stack>
        <Typography sx={{ fontWeight: 600, textDecoration: done ? 'line-through' : 'none', overflowWrap: 'anywhere' }}>{a.name}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {a.activity}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
          {a.reminded_at ? t('agenda.reminded') : reminderLabel(a.reminder_minutes)}
        </Typography>
        {a.activity_url ? (
          <Link component={RouterLink} to={a.activity_url} variant="body2">
            {t('agenda.openPage')}
          </Link>
        ) : null}
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', pt: 0 }}>
        <FormControlLabel
          control={<Checkbox checked={done} onChange={() => void toggle()} disabled={pending} />}
          label={done ? t('agenda.markPending') : t('agenda.markDone')}
          sx={{ mr: 'auto' }}
        />
        <Button size="small" onClick={onEdit}>
          {t('agenda.editShort')}
        </Button>
        <Button size="small" color="error" onClick={onRemove}>
          {t('agenda.remove')}
        </Button>
      </CardActions>
    </Card>
  );
}

/** A month grid; a day with activities shows their count and opens them below. */
function MonthCalendar({
  month,
  activities,
  selected,
  onSelect,
}: {
  month: { y: number; m: number };
  activities: Activity[];
  selected: string | null;
  onSelect(day: string): void;
}) {
  const byDay = useMemo(() => {
    const map = new Map<string, Activity[]>();
    for (const a of activities) map.set(a.date.slice(0, 10), [...(map.get(a.date.slice(0, 10)) ?? []), a]);
    return map;
  }, [activities]);
  const first = new Date(Date.UTC(month.y, month.m, 1));
  const days = new Date(Date.UTC(month.y, month.m + 1, 0)).getUTCDate();
  const lead = (first.getUTCDay() + 6) % 7; // weeks start on Monday
  const weekdays = Array.from({ length: 7 }, (_, i) =>
    new Intl.DateTimeFormat('es-CO', { weekday: 'narrow', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, 1 + i))),
  );
  const cells = [...Array.from({ length: lead }, () => null), ...Array.from({ length: days }, (_, i) => i + 1)];
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: 0.5 }} role="grid" aria-label={t('agenda.calendarView')}>
      {weekdays.map((w, i) => (
        <Typography key={`w${i}`} variant="caption" sx={{ textAlign: 'center', fontWeight: 700 }} role="columnheader">
          {w}
        </Typography>
      ))}
      {cells.map((d, i) => {
        if (d === null) return <Box key={`e${i}`} />;
        const key = dayKey(month.y, month.m, d);
        const list = byDay.get(key) ?? [];
        const pendingCount = list.filter((a) => a.activity_state === 0).length;
        return (
          <Button
            key={key}
            role="gridcell"
            onClick={() => onSelect(key)}
            variant={selected === key ? 'contained' : list.length ? 'outlined' : 'text'}
            aria-label={list.length ? t('agenda.dayActivities', { count: list.length, day: key }) : key}
            data-testid={list.length ? 'calendar-day-busy' : undefined}
            sx={{ minWidth: 0, p: 0.5, minHeight: 44, flexDirection: 'column', lineHeight: 1.1 }}
          >
            <span>{d}</span>
            {list.length ? (
              <Box
                component="span"
                sx={{ fontSize: 10, px: 0.5, borderRadius: 1, bgcolor: pendingCount ? 'secondary.main' : 'success.main', color: '#fff' }}
              >
                {list.length}
              </Box>
            ) : null}
          </Button>
        );
      })}
    </Box>
  );
}

/**
 * 'Mi agenda' (the spec says the agenda list screen is not shown; ours): the person's activities in a list or
 * a month calendar, filtered by state and dates, with done/undo, edit and delete. Phone-first: one column of cards.
 */
export function AgendaPage() {
  const { isGuest, ready } = useSession();
  const { openLogin } = usePrompts();
  const notify = useToast();
  const [view, setView] = useState<View>('list');
  const [state, setState] = useState<StateFilter>('0');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(0);
  const now = new Date();
  const [month, setMonth] = useState({ y: now.getFullYear(), m: now.getMonth() });
  const [selectedDay, setSelectedDay] = useState<string | null>(null);
  const [editing, setEditing] = useState<Activity | 'new' | null>(null);
  const [removing, setRemoving] = useState<Activity | null>(null);
  const remove = useRemoveActivity();

  const filter: ActivityFilter = { ...(state === 'all' ? {} : { activity_state: Number(state) as 0 | 1 }) };
  if (view === 'calendar') {
    const last = new Date(Date.UTC(month.y, month.m + 1, 0)).getUTCDate();
    filter.from = dayKey(month.y, month.m, 1);
    filter.to = dayKey(month.y, month.m, last);
  } else {
    if (from) filter.from = from;
    if (to && (!from || to >= from)) filter.to = to;
  }
  // The calendar shows a whole month at once (at most 200 activities, the API's largest page).
  const list = useActivities(filter, view === 'calendar' ? 0 : page, ready && !isGuest, view === 'calendar' ? 200 : AGENDA_PAGE_SIZE);

  if (!ready) return <Loading />;
  if (isGuest)
    return (
      <EmptyState title={t('agenda.loginRequired')}>
        <Button variant="contained" sx={{ mt: 2 }} onClick={() => openLogin({ closable: true })}>
          {t('common.enter')}
        </Button>
      </EmptyState>
    );

  const activities = list.data?.data ?? [];
  const total = list.data?.metadata.total ?? 0;
  const shown = view === 'calendar' && selectedDay ? activities.filter((a) => a.date.startsWith(selectedDay)) : activities;
  const pages = Math.max(1, Math.ceil(total / AGENDA_PAGE_SIZE));

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.id);
      notify(t('agenda.deleted'));
    } catch (err) {
      notify(errorText(err, t('errors.unexpected')), { severity: 'error' });
    } finally {
      setRemoving(null);
    }
  };
  const moveMonth = (delta: number) => {
    setSelectedDay(null);
    setMonth(({ y, m }) => ({ y: m + delta < 0 ? y - 1 : m + delta > 11 ? y + 1 : y, m: (m + delta + 12) % 12 }));
  };
  const monthName = new Intl.DateTimeFormat('es-CO', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(month.y, month.m, 1)),
  );
  const monthLabel = monthName.charAt(0).toUpperCase() + monthName.slice(1);

  return (
    <Stack spacing={2} sx={{ maxWidth: 900, mx: 'auto' }}>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <div>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
            {t('agenda.title')}
          </Typography>
          <Typography color="text.secondary" data-testid="agenda-count">
            {t('agenda.count', { count: total })}
          </Typography>
        </div>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
          {t('agenda.add')}
        </Button>
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={view}
          onChange={(_e, v: View | null) => v && (setView(v), setSelectedDay(null))}
          aria-label={t('agenda.title')}
        >
          <ToggleButton value="list">{t('agenda.listView')}</ToggleButton>
          <ToggleButton value="calendar">{t('agenda.calendarView')}</ToggleButton>
        </ToggleButtonGroup>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={state}
          onChange={(_e, v: StateFilter | null) => v && (setState(v), setPage(0))}
          aria-label={t('agenda.state')}
        >
          <ToggleButton value="0">{t('agenda.pendingPlural')}</ToggleButton>
          <ToggleButton value="1">{t('agenda.donePlural')}</ToggleButton>
          <ToggleButton value="all">{t('agenda.all')}</ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      {view === 'list' ? (
        <Stack direction="row" spacing={1}>
          <TextField
            size="small"
            type="date"
            label={t('agenda.from')}
            value={from}
            onChange={(e) => (setFrom(e.target.value), setPage(0))}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ flex: 1 }}
          />
          <TextField
            size="small"
            type="date"
            label={t('agenda.to')}
            value={to}
            onChange={(e) => (setTo(e.target.value), setPage(0))}
            error={!!(from && to && to < from)}
            helperText={from && to && to < from ? t('agenda.invalidRange') : undefined}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ flex: 1 }}
          />
        </Stack>
      ) : (
        <Stack spacing={1}>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <IconButton onClick={() => moveMonth(-1)} aria-label={t('agenda.previousMonth')}>
              <ChevronLeft />
            </IconButton>
            <Typography sx={{ fontWeight: 700 }} data-testid="calendar-month">
              {monthLabel}
            </Typography>
            <IconButton onClick={() => moveMonth(1)} aria-label={t('agenda.nextMonth')}>
              <ChevronRight />
            </IconButton>
          </Stack>
          <MonthCalendar
            month={month}
            activities={activities}
            selected={selectedDay}
            onSelect={(d) => setSelectedDay(d === selectedDay ? null : d)}
          />
        </Stack>
      )}
      {list.isPending ? <Loading /> : null}
      {list.isError ? <LoadFailed onRetry={() => void list.refetch()} /> : null}
      {list.isSuccess && shown.length === 0 ? <EmptyState title={t('agenda.empty')} /> : null}
      <Stack spacing={1.5}>
        {shown.map((a) => (
          <ActivityCard key={a.id} a={a} onEdit={() => setEditing(a)} onRemove={() => setRemoving(a)} />
        ))}
      </Stack>
      {view === 'list' && pages > 1 ? (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'center' }}>
          <Button disabled={page === 0} onClick={() => setPage(page - 1)}>
            {t('agenda.previous')}
          </Button>
          <Typography sx={{ alignSelf: 'center' }}>
            {page + 1} / {pages}
          </Typography>
          <Button disabled={page + 1 >= pages} onClick={() => setPage(page + 1)}>
            {t('agenda.next')}
          </Button>
        </Stack>
      ) : null}
      {editing !== null ? (
        <ActivityDialog
          key={editing === 'new' ? 'new' : editing.id}
          open
          activity={editing === 'new' ? undefined : editing}
          draft={editing === 'new' && selectedDay ? { date: `${selectedDay} 08:00:00` } : undefined}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <Dialog open={removing !== null} onClose={() => setRemoving(null)} aria-labelledby="activity-remove-title">
        <DialogTitle id="activity-remove-title">{removing ? t('agenda.confirmRemove', { name: removing.name }) : ''}</DialogTitle>
        <DialogActions>
          <Button onClick={() => setRemoving(null)}>{t('agenda.cancel')}</Button>
          <Button color="error" variant="contained" onClick={() => void confirmRemove()} disabled={remove.isPending}>
            {t('agenda.remove')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
