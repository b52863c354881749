import { Module } from '@nestjs/common';
import { ContextDatabaseModule, contextConfigProvider } from '@tuerca/platform';
import { agendaConfig } from './agenda.config.js';
import { agendaDatabase } from './agenda.database.js';
import { ActivitiesController } from './activities/activities.controller.js';
import { ActivityReminders } from './activities/activity-reminders.js';
import { GetActivityHandler } from './activities/get-activity.query.js';
import { ListActivitiesHandler } from './activities/list-activities.query.js';
import { RemoveActivityHandler } from './activities/remove-activity.command.js';
import { SaveActivityHandler } from './activities/save-activity.command.js';
import { SendActivityReminderHandler } from './activities/send-activity-reminder.command.js';

/** Agenda: a person's activities (spec 001 "Activities agenda") and their reminders by e-mail and WhatsApp. */
@Module({
  imports: [ContextDatabaseModule.forContext(agendaDatabase)],
  controllers: [ActivitiesController],
  providers: [
    contextConfigProvider(agendaConfig),
    ActivityReminders,
    SaveActivityHandler,
    RemoveActivityHandler,
    ListActivitiesHandler,
    GetActivityHandler,
    SendActivityReminderHandler,
  ],
})
export class AgendaModule {}
