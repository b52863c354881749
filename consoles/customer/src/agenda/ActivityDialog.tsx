import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import {
  ACTIVITY_DESCRIPTION_MAX,
  DEFAULT_REMINDER_LEAD,
  REMINDER_LEADS,
  isActivityDate,
  t,
  type Activity,
  type ActivityPatch,
} from '@tuerca/contracts';
import { errorText } from '../app/api';
import { useToast } from '../app/ui';
import { fromInputDate, toInputDate, useSaveActivity } from './useActivities';

/** The label of a reminder lead (minutes before). */
export function reminderLabel(minutes: number | null): string {
  if (minutes === null) return t('agenda.noReminder');
  if (minutes === 0) return t('agenda.atStart');
  if (minutes === 10080) return t('agenda.weekBefore');
  if (minutes % 1440 === 0) return t('agenda.daysBefore', { count: minutes / 1440 });
  if (minutes % 60 === 0) return t('agenda.hoursBefore', { count: minutes / 60 });
  return t('agenda.minutesBefore', { count: minutes });
}

export interface ActivityDraft {
  name?: string;
  date?: string;
  activity?: string;
}

/** Tomorrow at 08:00 on the person's wall clock, as the input wants it. */
function tomorrowAtEight(): string {
  const d = new Date(Date.now() + 86_400_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T08:00`;
}

/**
 * spec 001 §2 "Activity modal. 'Programar una actividad en tu agenda'": name, date, description (max 256), the
 * state only when editing (§3), and the reminder (ours). §8: success '¡Correcto!' / 'La actividad se agendó
 * exitosamente.'; failure shows the server's message.
 */
export function ActivityDialog({
  open,
  onClose,
  activity,
  draft,
}: {
  open: boolean;
  onClose(): void;
  /** The activity being edited; absent to create one. */
  activity?: Activity;
  /** What a new activity starts with (a product's name, a renewal's date). */
  draft?: ActivityDraft;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const notify = useToast();
  const { save, pending } = useSaveActivity();
  const [name, setName] = useState(activity?.name ?? draft?.name ?? '');
  const [date, setDate] = useState(activity ? toInputDate(activity.date) : draft?.date ? toInputDate(draft.date) : tomorrowAtEight());
  const [description, setDescription] = useState(activity?.activity ?? draft?.activity ?? '');
  const [state, setState] = useState<0 | 1>(activity?.activity_state ?? 0);
  const [reminder, setReminder] = useState<number | null>(activity ? activity.reminder_minutes : DEFAULT_REMINDER_LEAD);
  const [touched, setTouched] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const required = t('validation.required');
  const errors = {
    name: name.trim() ? null : required,
    date: !date ? required : isActivityDate(fromInputDate(date)) ? null : t('agenda.invalidDate'),
    description: !description.trim()
      ? required
      : description.length > ACTIVITY_DESCRIPTION_MAX
        ? t('validation.maxLength', { max: ACTIVITY_DESCRIPTION_MAX })
        : null,
  };
  const show = (e: string | null) => (touched ? e : null);

  const submit = async () => {
    setTouched(true);
    setProblem(null);
    if (errors.name || errors.date || errors.description) return;
    const body: ActivityPatch = {
      name: name.trim(),
      date: fromInputDate(date),
      activity: description.trim(),
      reminder_minutes: reminder,
      ...(activity ? { activity_state: state } : { activity_url: `${window.location.pathname}${window.location.search}` }), // §3 "set to the current page on create"
    };
    try {
      await save(body, activity?.id);
      notify(t('agenda.success'), { detail: activity ? t('agenda.updated') : t('agenda.scheduled') });
      onClose();
    } catch (err) {
      setProblem(errorText(err, t('errors.unexpected')));
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby="activity-dialog-title">
      <DialogTitle id="activity-dialog-title">{activity ? t('agenda.edit') : t('agenda.modalTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }} component="form" noValidate onSubmit={(e) => (e.preventDefault(), void submit())}>
          <TextField
            label={t('agenda.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            error={!!show(errors.name)}
            helperText={show(errors.name)}
            slotProps={{ htmlInput: { maxLength: 120 } }}
          />
          <TextField
            label={t('agenda.date')}
            type="datetime-local"
            value={date}
            onChange={(e) => setDate(e.target.value)}
            required
            error={!!show(errors.date)}
            helperText={show(errors.date)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            label={t('agenda.description')}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            required
            multiline
            minRows={3}
            error={!!show(errors.description)}
            helperText={show(errors.description) ?? `${description.length}/${ACTIVITY_DESCRIPTION_MAX}`}
            slotProps={{ htmlInput: { maxLength: ACTIVITY_DESCRIPTION_MAX } }}
          />
          <TextField
            select
            label={t('agenda.reminder')}
            value={reminder === null ? 'none' : String(reminder)}
            onChange={(e) => setReminder(e.target.value === 'none' ? null : Number(e.target.value))}
          >
            <MenuItem value="none">{t('agenda.noReminder')}</MenuItem>
            {REMINDER_LEADS.map((m) => (
              <MenuItem key={m} value={String(m)}>
                {reminderLabel(m)}
              </MenuItem>
            ))}
          </TextField>
          {activity ? (
            // §3 "activity_state … visible only when editing".
            <TextField select label={t('agenda.state')} value={String(state)} onChange={(e) => setState(e.target.value === '1' ? 1 : 0)}>
              <MenuItem value="0">{t('agenda.pending')}</MenuItem>
              <MenuItem value="1">{t('agenda.done')}</MenuItem>
            </TextField>
          ) : null}
          {problem ? <Alert severity="error">{problem}</Alert> : null}
          <button type="submit" hidden />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('agenda.cancel')}</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={pending}>
          {activity ? t('agenda.save') : t('agenda.schedule')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
