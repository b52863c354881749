import { BalanceExpiryDuty, BalanceReminderDuty } from '../balances/balance-duties.js';
import { PaymentExpiryDuty } from '../marketplace-payments/payment-expiry.duty.js';
import type { Duty } from './duty.js';

/** Every time-based duty of billing, swept in this order (a reminder is skipped once its balance expired). */
export const BILLING_DUTIES: readonly Duty[] = [PaymentExpiryDuty, BalanceExpiryDuty, BalanceReminderDuty];
