import { z } from 'zod';
import { defineContextConfig, type ConfigOf } from '@tuerca/platform';

/** The variables only the agenda context reads. */
export const agendaConfig = defineContextConfig(
  'agenda',
  z.object({
    /** How often the reminder sweep re-arms reminders whose BullMQ job is missing (seconds). */
    AGENDA_REMINDER_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  }),
);
export type AgendaConfig = ConfigOf<typeof agendaConfig>;
