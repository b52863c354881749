import { t } from '@tuerca/contracts';
import { DomainError } from './domain-error.js';

/** Headers a browser on another origin may read from an /admin-api list (ra-data-simple-rest needs Content-Range). */
export const ADMIN_EXPOSED_HEADERS = 'Content-Range, X-Total-Count';

/** 405 for what a resource of the operator console does not allow (deleting a report, creating a metric, ...). */
export class MethodNotAllowedError extends DomainError {
  constructor(message: string = t('adminConsole.methodNotAllowed')) {
    super(405, 'Method not allowed', [message]);
  }
}

export { adminIdsFilterSchema } from '@tuerca/contracts';

/** The ids of a getMany (`filter={"id":[...]}`), one or many. */
export function idsOf(id: string | string[] | undefined): string[] | undefined {
  return id === undefined ? undefined : Array.isArray(id) ? id : [id];
}
