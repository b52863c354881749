import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { QuoteRequestSellerState } from '@tuerca/contracts';
import { Product } from '../products/product.entity.js';
import { Store } from '../stores/store.entity.js';
import { Quotation } from './quotation.entity.js';

/**
 * A workshop's quotation request (the '/home/page/cotizacion' form): a vehicle, a list of parts, a city. It is
 * sent to several stores at once (`QuoteRequestSeller`), each answering per part (`QuoteOffer`).
 */
export const QuoteRequest = defineEntity({
  name: 'QuoteRequest',
  tableName: 'quote_requests',
  properties: {
    id: p.uuid().primary(),
    userId: p.text(),
    customerName: p.text().nullable(),
    customerMobile: p.text().nullable(),
    country: p.text().$type<'CO' | 'MX'>(),
    vehicleBrand: p.text(),
    vehicleModel: p.text(),
    vehicleYear: p.integer().nullable(),
    vin: p.text().nullable(),
    garageVehicleId: p.uuid().nullable(),
    city: p.text(),
    comment: p.text().nullable(),
    createdAt: p.datetime(),
  },
  indexes: [
    { name: 'quote_requests_person', expression: 'create index quote_requests_person on quote_requests (user_id, created_at desc)' },
  ],
});
export type QuoteRequest = InferEntity<typeof QuoteRequest>;

/** One part of a request, in the order the workshop wrote them. */
export const QuoteRequestLine = defineEntity({
  name: 'QuoteRequestLine',
  tableName: 'quote_request_lines',
  properties: {
    id: p.uuid().primary(),
    request: () => p.manyToOne(QuoteRequest).fieldName('request_id').foreignKeyName('quote_request_lines_request_id_fkey'),
    position: p.integer(),
    name: p.text(),
    reference: p.text().nullable(),
    amount: p.integer().check('amount >= 1'),
  },
  indexes: [{ name: 'quote_request_lines_request', properties: ['request', 'position'] }],
});
export type QuoteRequestLine = InferEntity<typeof QuoteRequestLine>;

/** A store the request reached, and whether it answered (once). */
export const QuoteRequestSeller = defineEntity({
  name: 'QuoteRequestSeller',
  tableName: 'quote_request_sellers',
  properties: {
    id: p.uuid().primary(),
    request: () => p.manyToOne(QuoteRequest).fieldName('request_id').foreignKeyName('quote_request_sellers_request_id_fkey'),
    store: () => p.manyToOne(Store).fieldName('store_id').foreignKeyName('quote_request_sellers_store_id_fkey'),
    state: p.text().$type<QuoteRequestSellerState>().check(`state in ('awaiting', 'answered')`),
    comment: p.text().nullable(),
    answeredAt: p.datetime().nullable(),
    answeredBy: p.text().nullable(),
    createdAt: p.datetime(),
  },
  uniques: [{ name: 'quote_request_sellers_once', properties: ['request', 'store'] }],
  indexes: [
    {
      name: 'quote_request_sellers_store',
      expression: 'create index quote_request_sellers_store on quote_request_sellers (store_id, state, created_at desc)',
    },
  ],
});
export type QuoteRequestSeller = InferEntity<typeof QuoteRequestSeller>;

/**
 * A store's answer to one part: available with one of its products and a unit price — which opens a quotation
 * (`quotations`, already answered, with its purchase window) that the cart prices the line by — or not available.
 */
export const QuoteOffer = defineEntity({
  name: 'QuoteOffer',
  tableName: 'quote_offers',
  properties: {
    id: p.uuid().primary(),
    assignment: () => p.manyToOne(QuoteRequestSeller).fieldName('assignment_id').foreignKeyName('quote_offers_assignment_id_fkey'),
    line: () => p.manyToOne(QuoteRequestLine).fieldName('line_id').foreignKeyName('quote_offers_line_id_fkey'),
    available: p.boolean(),
    product: () => p.manyToOne(Product).fieldName('product_id').foreignKeyName('quote_offers_product_id_fkey').nullable(),
    price: p.decimal('number').precision(14).scale(2).nullable(),
    quotation: () => p.manyToOne(Quotation).fieldName('quotation_id').foreignKeyName('quote_offers_quotation_id_fkey').nullable(),
    createdAt: p.datetime(),
  },
  uniques: [{ name: 'quote_offers_once', properties: ['assignment', 'line'] }],
});
export type QuoteOffer = InferEntity<typeof QuoteOffer>;
