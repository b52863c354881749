import type { Role } from '@tuerca/contracts';

/** The resources of the console and who may do what with them (the API checks the same again). */
export type Action = 'list' | 'show' | 'create' | 'edit' | 'delete' | 'export' | string;

const ALL = ['list', 'show', 'create', 'edit', 'delete', 'export'];
const READ = ['list', 'show', 'export'];

type Rules = Record<string, readonly string[]>;

const OPERATOR: Rules = {
  dashboard: READ,
  users: ['list', 'show', 'create', 'edit', 'export'],
  'charging-plans': ALL,
  'app-parameters': ['list', 'show', 'edit', 'export'],
  'consultation-balances': ['list', 'show', 'create', 'export'],
  'billing-metrics': READ,
  'catalog-error-reports': ['list', 'show', 'edit', 'export'],
  'search-analytics': READ,
  stores: ALL,
  products: ['list', 'show', 'edit', 'export'],
  quotations: ['list', 'show', 'edit', 'export'],
  'supplier-applications': ['list', 'show', 'edit', 'export'],
  'quote-requests': ['list', 'show', 'edit'],
  'product-questions': ['list', 'show', 'edit', 'export'],
  'product-imports': ['list', 'show', 'create', 'export'],
  notifications: ['list', 'show', 'export', 'retry'],
  'channel-stores': ['list', 'show'],
  'channel-listings': ['list', 'show', 'retry'],
  'dead-letters': ['list', 'show', 'export', 'replay'],
  'store-api-clients': ['list', 'show', 'create', 'edit'],
  'store-api-deliveries': ['list', 'show'],
  'store-ratings': ['list', 'show'],
  transactions: READ,
  'transaction-paid': READ,
  'transaction-returns': READ,
  advisers: READ,
};

/**
 * Advisers read billing, the catalogue and the marketplace. The marketplace's /admin-api writes
 * (MARKET_WRITE: PUT /admin-api/quotations/:id, PUT /admin-api/products/:id) refuse advisers with a 403
 * today, so the console does not offer them «Responder» nor product editing: add 'edit' here once the API
 * lets advisers answer quotations.
 */
const ADVISER: Rules = {
  dashboard: READ,
  'charging-plans': READ,
  'app-parameters': READ,
  'consultation-balances': READ,
  'billing-metrics': READ,
  'catalog-error-reports': READ,
  'search-analytics': READ,
  products: READ,
  quotations: READ,
  'quote-requests': ['list', 'show'],
  'product-questions': READ,
  'store-api-clients': ['list', 'show'],
  'store-api-deliveries': ['list', 'show'],
  'store-ratings': ['list', 'show'],
  // Advisers read every transaction and work (notes, follow-up) only the ones assigned to them (the API checks it).
  transactions: READ,
  'transaction-paid': READ,
  'transaction-returns': READ,
  advisers: READ,
};

/** Sellers and store admins work on their own store: products, stock, imports and quotations. */
const SELLER: Rules = {
  products: ['list', 'show', 'edit', 'export'],
  quotations: ['list', 'show', 'edit', 'export'],
  'quote-requests': ['list', 'show', 'edit'],
  'product-questions': ['list', 'show', 'edit', 'export'],
  'product-imports': ['list', 'show', 'create', 'export'],
  'store-api-clients': ['list', 'show'],
  'store-api-deliveries': ['list', 'show'],
  'store-ratings': ['list', 'show'],
  transactions: READ,
  'transaction-paid': READ,
  'transaction-returns': READ,
};
/** Store admins also register and change their store's API clients (the URL Tuerca sends orders to). */
const STORE_ADMIN: Rules = {
  ...SELLER,
  stores: ['list', 'show', 'edit', 'export'],
  'store-api-clients': ['list', 'show', 'create', 'edit'],
};

const BY_ROLE: Partial<Record<Role, Rules>> = { operator: OPERATOR, adviser: ADVISER, seller: SELLER, store_admin: STORE_ADMIN };

/** Roles that may use the console at all. */
export const CONSOLE_ROLES: readonly Role[] = ['operator', 'adviser', 'seller', 'store_admin'];

export function canAccess(roles: readonly string[], resource: string, action: Action): boolean {
  return roles.some((role) => BY_ROLE[role as Role]?.[resource]?.includes(action) ?? false);
}

export const isOperator = (roles: readonly string[] | undefined) => Boolean(roles?.includes('operator'));
export const isStaff = (roles: readonly string[] | undefined) => Boolean(roles?.some((r) => r === 'operator' || r === 'adviser'));
