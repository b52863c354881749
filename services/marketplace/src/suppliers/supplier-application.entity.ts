import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { SupplierApplicationStatus } from '@tuerca/contracts';

/** A parts shop's application to sell on Tuerca (issue #16): reviewed by an operator; approval creates its store. */
export const SupplierApplication = defineEntity({
  name: 'SupplierApplication',
  tableName: 'supplier_applications',
  properties: {
    id: p.uuid().primary(),
    status: p.text().$type<SupplierApplicationStatus>(),
    country: p.text().$type<'CO' | 'MX'>(),
    company: p.text(),
    /** NIT as `900123456-8` (CO) or RFC (MX), check digit validated. */
    taxId: p.text(),
    city: p.text(),
    contactName: p.text(),
    email: p.text(),
    /** E.164. */
    whatsapp: p.text(),
    sells: p.text(),
    storeId: p.uuid().nullable(),
    rejectionReason: p.text().nullable(),
    reviewedBy: p.text().nullable(),
    reviewedAt: p.datetime().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
  indexes: [
    {
      name: 'supplier_applications_created',
      expression: 'create index supplier_applications_created on supplier_applications (created_at desc, id)',
    },
    // One open application per tax id and country.
    {
      name: 'supplier_applications_pending_tax_id',
      expression: `create unique index supplier_applications_pending_tax_id on supplier_applications (country, tax_id) where status = 'pending'`,
    },
  ],
});
export type SupplierApplication = InferEntity<typeof SupplierApplication>;
