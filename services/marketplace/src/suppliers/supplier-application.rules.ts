import type { SupplierApplicationView } from '@tuerca/contracts';
import type { SupplierApplication } from './supplier-application.entity.js';

export const SUPPLIER_APPLICATION_COLUMNS = [
  'id',
  'status',
  'country',
  'company',
  'taxId',
  'city',
  'contactName',
  'email',
  'whatsapp',
  'sells',
  'storeId',
  'rejectionReason',
  'reviewedBy',
  'reviewedAt',
  'createdAt',
] as const;

type Row = Pick<SupplierApplication, (typeof SUPPLIER_APPLICATION_COLUMNS)[number]>;

export function toSupplierApplicationView(r: Row): SupplierApplicationView {
  return {
    id: r.id,
    status: r.status,
    country: r.country,
    company: r.company,
    tax_id: r.taxId,
    city: r.city,
    contact_name: r.contactName,
    email: r.email,
    whatsapp: r.whatsapp,
    sells: r.sells,
    store_id: r.storeId ?? null,
    rejection_reason: r.rejectionReason ?? null,
    reviewed_by: r.reviewedBy ?? null,
    reviewed_at: r.reviewedAt ? r.reviewedAt.toISOString() : null,
    created_at: r.createdAt.toISOString(),
  };
}

/** A uuid (an id no row can have is answered 404 without asking PostgreSQL to cast it). */
export const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
