export { AgendaModule } from './agenda.module.js';
export { agendaDatabase, type AgendaDB } from './agenda.database.js';
export { agendaConfig } from './agenda.config.js';
export { ActivityReminders } from './activities/activity-reminders.js';
export { SendActivityReminder } from './activities/send-activity-reminder.command.js';
export { wallClockToInstant, instantToWallClock, zoneOfCountry } from './activities/activity.rules.js';
