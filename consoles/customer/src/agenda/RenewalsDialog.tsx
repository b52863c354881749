import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { t, type MessageKey } from '@tuerca/contracts';
import { errorText } from '../app/api';
import { vehicleTitle } from '../app/format';
import { useToast } from '../app/ui';
import { useSaveActivity } from './useActivities';

/** The documents a vehicle renews: Colombia's SOAT and técnico-mecánica, Mexico's emissions verification. */
const DOCUMENTS: Record<'CO' | 'MX', MessageKey[]> = {
  CO: ['agenda.soat', 'agenda.technicalInspection'],
  MX: ['agenda.verification'],
};

/** A renewal is reminded a week before, by e-mail and WhatsApp. */
const RENEWAL_LEAD = 10080;

export interface RenewalVehicle {
  license_plate: string;
  brand: string;
  model: string;
  country?: 'CO' | 'MX';
}

/**
 * From a garage vehicle (issue #16, beyond the spec): one click schedules its renewals as agenda activities at
 * 08:00 of each due date. The garage keeps no document dates today, so the person types the ones they know.
 */
export function RenewalsDialog({ vehicle, onClose }: { vehicle: RenewalVehicle; onClose(): void }) {
  const notify = useToast();
  const { save, pending } = useSaveActivity();
  const documents = DOCUMENTS[vehicle.country ?? 'CO'];
  const [dates, setDates] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const plate = vehicle.license_plate;

  const submit = async () => {
    setProblem(null);
    const chosen = documents.filter((d) => dates[d]);
    if (chosen.length === 0) return setProblem(t('agenda.renewalsNothing'));
    try {
      for (const key of chosen) {
        const document = t(key);
        await save({
          name: t('agenda.renewalName', { document, plate }),
          date: `${dates[key]} 08:00:00`,
          activity: t('agenda.renewalDescription', { document, vehicle: vehicleTitle(vehicle.brand, vehicle.model), plate }),
          reminder_minutes: RENEWAL_LEAD,
          activity_url: '/garaje',
        });
      }
      notify(t('agenda.success'), { detail: t('agenda.renewalsScheduled', { count: chosen.length }) });
      onClose();
    } catch (err) {
      setProblem(errorText(err, t('errors.unexpected')));
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="renewals-title">
      <DialogTitle id="renewals-title">{t('agenda.renewalsTitle', { plate })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {t('agenda.renewalsHelp')}
          </Typography>
          {documents.map((key) => (
            <TextField
              key={key}
              type="date"
              label={`${t(key)} · ${t('agenda.dueDate')}`}
              value={dates[key] ?? ''}
              onChange={(e) => setDates({ ...dates, [key]: e.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          ))}
          {problem ? <Alert severity="error">{problem}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('agenda.cancel')}</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={pending}>
          {t('agenda.schedule')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
