import {
  APP_PARAMETERS,
  CURRENCIES,
  transactionTypeLabel,
  type AdminBalance,
  type AdminParameter,
  type AppParameterName,
} from '@tuerca/contracts';
import type { Balance } from '../balances/balance.entity.js';

/** How the operator console edits a parameter, by its default's type. */
export function parameterKind(name: AppParameterName): AdminParameter['kind'] {
  const def = APP_PARAMETERS[name].default as unknown;
  if (typeof def === 'boolean') return 'boolean';
  if (typeof def === 'number') return 'number';
  return 'currency';
}

/** A parameter as the console shows it: the operator's value if there is one, else the default. */
export function parameterView(
  name: AppParameterName,
  stored: { value: unknown; updatedAt: Date; updatedBy: string } | undefined,
): AdminParameter {
  const spec = APP_PARAMETERS[name];
  const value = (stored ? stored.value : spec.default) as AdminParameter['value'];
  const kind = parameterKind(name);
  return {
    id: name,
    name,
    description: spec.description,
    kind,
    ...(kind === 'currency' ? { choices: [...CURRENCIES] } : {}),
    value,
    default: spec.default as AdminParameter['default'],
    isDefault: JSON.stringify(value) === JSON.stringify(spec.default),
    updatedAt: stored ? stored.updatedAt.toISOString() : null,
    updatedBy: stored?.updatedBy ?? null,
  };
}

export const BALANCE_COLUMNS = [
  'id',
  'userId',
  'type',
  'amount',
  'remaining',
  'source',
  'reason',
  'creditedBy',
  'paymentId',
  'createdAt',
  'expiresAt',
  'expiredAt',
] as const;

/** A balance as the console shows it; 'expired' as soon as its date passed, before the expiry job ran. */
export function balanceView(b: Pick<Balance, (typeof BALANCE_COLUMNS)[number]>, now: Date): AdminBalance {
  const expired = b.expiredAt !== null || (b.remaining > 0 && b.expiresAt.getTime() <= now.getTime());
  return {
    id: b.id,
    userId: b.userId,
    type: b.type,
    typeLabel: transactionTypeLabel(b.type),
    amount: b.amount,
    remaining: b.remaining,
    source: b.source,
    status: expired ? 'expired' : b.remaining > 0 ? 'available' : 'spent',
    reason: b.reason ?? null,
    creditedBy: b.creditedBy ?? null,
    paymentId: b.paymentId ?? null,
    createdAt: b.createdAt.toISOString(),
    expiresAt: b.expiresAt.toISOString(),
    expiredAt: b.expiredAt ? b.expiredAt.toISOString() : null,
  };
}
