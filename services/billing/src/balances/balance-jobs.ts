import { defineJob } from '@tuerca/platform';

export const BILLING_QUEUE = 'billing';

/** At a balance's expiresAt: what is left of it expires (reads check the date themselves too). */
export const BalanceExpiryJob = defineJob<{ balanceId: string }>(BILLING_QUEUE, 'balance-expiry');
/** A few days before expiry, while consultations are left: remind the person. */
export const BalanceReminderJob = defineJob<{ balanceId: string }>(BILLING_QUEUE, 'balance-reminder');
