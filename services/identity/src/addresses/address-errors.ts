import { ErrorCodes, MAX_ADDRESSES_PER_PERSON, t } from '@tuerca/contracts';
import { DomainError, NotFoundError } from '@tuerca/platform';

/** Another person's address, or one that does not exist: the same 404, so ids reveal nothing. */
export const addressNotFound = () => new NotFoundError(t('addresses.notFound'));

export const tooManyAddresses = () =>
  new DomainError(409, ErrorCodes.TOO_MANY_ADDRESSES, [t('addresses.tooMany', { max: MAX_ADDRESSES_PER_PERSON })]);
