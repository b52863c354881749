import { t } from '@tuerca/contracts';
import { NotFoundError } from '@tuerca/platform';

/** Another person's activity, or one that does not exist: the same 404, so ids reveal nothing. */
export const activityNotFound = () => new NotFoundError(t('agenda.notFound'));

/** A uuid, or an id no row can have (answered 404 without asking PostgreSQL to cast it). */
export const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
