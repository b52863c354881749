import { z } from 'zod';
import '../http/zod-es.js';
import { requiredField } from '../http/zod-es.js';
import { t } from '../messages/format.js';
import { normalizePhone } from '../identity/address.js';
import { normalizeNit, normalizeRfc } from './tax-ids.js';

/**
 * Joining as a supplier (spec 000 §1 routes '/info/proveedores-autopartes' "Join as supplier" and
 * '/info/quiero-vender' "Join as provider"; issue #16): a parts shop applies with its company, its tax id
 * (Colombia's NIT or Mexico's RFC, check digit validated), city, contact, WhatsApp and what it sells; an
 * operator approves it, which creates the store (marketplace) and the seller account (identity, by an event).
 */

export const SUPPLIER_APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type SupplierApplicationStatus = (typeof SUPPLIER_APPLICATION_STATUSES)[number];

const text = (min: number, max: number) =>
  z
    .string(requiredField)
    .trim()
    .min(min, { error: (i) => (i.input === '' ? t('validation.required') : t('validation.minLength', { min })) })
    .max(max)
    .refine((v) => !v.includes('\u0000'), { message: t('validation.invalidValue') });

/** The application form. The tax id and the WhatsApp number are read in the chosen country's rules. */
export const supplierApplicationInputSchema = z
  .object({
    country: z.enum(['CO', 'MX'], { error: t('validation.invalidValue') }),
    company: text(2, 120),
    tax_id: text(5, 30),
    city: text(2, 80),
    contact_name: text(2, 120),
    email: z.email({ error: t('validation.email') }).max(254),
    whatsapp: text(7, 40),
    sells: text(3, 500),
  })
  .transform((v, ctx) => {
    const taxId = v.country === 'CO' ? normalizeNit(v.tax_id) : normalizeRfc(v.tax_id);
    if (!taxId)
      ctx.addIssue({ code: 'custom', path: ['tax_id'], message: t(v.country === 'CO' ? 'suppliers.invalidNit' : 'suppliers.invalidRfc') });
    const whatsapp = normalizePhone(v.whatsapp, v.country);
    if (!whatsapp) ctx.addIssue({ code: 'custom', path: ['whatsapp'], message: t('suppliers.invalidWhatsapp') });
    if (!taxId || !whatsapp) return z.NEVER;
    return { ...v, email: v.email.toLowerCase(), tax_id: taxId, whatsapp };
  });
export type SupplierApplicationInput = z.infer<typeof supplierApplicationInputSchema>;
export type SupplierApplicationRequest = z.input<typeof supplierApplicationInputSchema>;

/** What the applicant gets back: the application's id and status (nothing else of it). */
export const supplierApplicationReceiptSchema = z.object({ id: z.uuid(), status: z.enum(SUPPLIER_APPLICATION_STATUSES) });

/** One application as the operator console shows it. */
export const supplierApplicationSchema = z.object({
  id: z.uuid(),
  status: z.enum(SUPPLIER_APPLICATION_STATUSES),
  country: z.enum(['CO', 'MX']),
  company: z.string(),
  tax_id: z.string(),
  city: z.string(),
  contact_name: z.string(),
  email: z.string(),
  whatsapp: z.string(),
  sells: z.string(),
  store_id: z.string().nullable(),
  rejection_reason: z.string().nullable(),
  reviewed_by: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  created_at: z.string(),
});
export type SupplierApplicationView = z.infer<typeof supplierApplicationSchema>;

export const supplierApplicationFilterSchema = z.object({
  status: z.enum(SUPPLIER_APPLICATION_STATUSES).optional(),
  country: z.enum(['CO', 'MX']).optional(),
  q: z
    .string()
    .trim()
    .max(120)
    .refine((v) => !v.includes('\u0000'), { message: t('validation.invalidValue') })
    .optional(),
});
export type SupplierApplicationFilter = z.infer<typeof supplierApplicationFilterSchema>;

export const rejectSupplierBodySchema = z.object({ reason: text(3, 300) });
