const DAY_MS = 24 * 3600 * 1000;

/** spec: a balance is valid `validityDays` from its top-up (90 days; 30 for marketplace-integration and order plans). */
export function expiryOf(creditedAt: Date, validityDays: number): Date {
  return new Date(creditedAt.getTime() + validityDays * DAY_MS);
}

/** When to remind the person of a balance's expiry: `reminderDays` before it, or never when that is already past. */
export function reminderOf(expiresAt: Date, reminderDays: number, now: Date): Date | null {
  const at = new Date(expiresAt.getTime() - reminderDays * DAY_MS);
  return at.getTime() > now.getTime() ? at : null;
}

/** Whether what is left of a balance may expire now: not expired yet, and its date reached. */
export function isDue(balance: { expiresAt: Date; expiredAt?: Date | null }, now: Date): boolean {
  return !balance.expiredAt && balance.expiresAt.getTime() <= now.getTime();
}

/** Whether a reminder still makes sense: consultations left, not expired, expiry still ahead. */
export function deservesReminder(balance: { remaining: number; expiresAt: Date; expiredAt?: Date | null }, now: Date): boolean {
  return balance.remaining > 0 && !balance.expiredAt && balance.expiresAt.getTime() > now.getTime();
}
