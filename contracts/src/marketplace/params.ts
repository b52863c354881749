import { z } from 'zod';
import { t } from '../messages/index.js';
import { isWebAddress } from '../http/web-url.js';

export { isWebAddress };

/** Ids that are not uuids name nothing: 400 with a Spanish message, never a database error. */
export const uuidParam = z.uuid({ error: t('marketplace.invalidId') });

/** `:id` of a marketplace route. */
export const idParamsSchema = z.object({ id: uuidParam });

/** A part number as people type it: required, at most 60 characters. */
export const referenceParam = z
  .string({ error: t('search.enterPartNumberShort') })
  .trim()
  .min(1, { error: t('search.enterPartNumberShort') })
  .max(60);

/** A virtual store's path prefix (the marketplace when absent). */
export const pathPrefixParam = z.string().trim().max(60);

/** The stores' country (CO or MX). */
export const countryParam = z.enum(['CO', 'MX']);

/** An address validated by `isWebAddress`, at most 1000 characters. */
export const webUrlParam = z
  .string({ error: t('marketplace.invalidUrl') })
  .trim()
  .max(1000)
  .refine(isWebAddress, { error: t('marketplace.invalidUrl') });
