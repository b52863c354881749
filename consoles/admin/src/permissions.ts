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
  'product-imports': ['list', 'show', 'create', 'export'],
  notifications: ['list', 'show', 'export', 'retry'],
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
};

/** Sellers and store admins work on their own store: products, stock, imports and quotations. */
const SELLER: Rules = {
  products: ['list', 'show', 'edit', 'export'],
  quotations: ['list', 'show', 'edit', 'export'],
  'product-imports': ['list', 'show', 'create', 'export'],
};
const STORE_ADMIN: Rules = { ...SELLER, stores: ['list', 'show', 'edit', 'export'] };

const BY_ROLE: Partial<Record<Role, Rules>> = { operator: OPERATOR, adviser: ADVISER, seller: SELLER, store_admin: STORE_ADMIN };

/** Roles that may use the console at all. */
export const CONSOLE_ROLES: readonly Role[] = ['operator', 'adviser', 'seller', 'store_admin'];

export function canAccess(roles: readonly string[], resource: string, action: Action): boolean {
  return roles.some((role) => BY_ROLE[role as Role]?.[resource]?.includes(action) ?? false);
}

export const isOperator = (roles: readonly string[] | undefined) => Boolean(roles?.includes('operator'));
export const isStaff = (roles: readonly string[] | undefined) => Boolean(roles?.some((r) => r === 'operator' || r === 'adviser'));
