import { defineJob } from '@tuerca/platform';

export const NOTIFICATIONS_QUEUE = 'notifications';

/** Delivers one queued message through the delivery port; BullMQ retries it with exponential backoff. */
export const DeliverMessageJob = defineJob<{ messageId: string }>(NOTIFICATIONS_QUEUE, 'deliver-message');

/**
 * One job per message and round: a message re-queued by an operator gets a new job (BullMQ keeps finished
 * jobs for a while and ignores a job id it still has). BullMQ job ids may not contain ':'.
 */
export const deliveryJobId = (messageId: string, attemptsSoFar: number): string => `deliver-${messageId}-${attemptsSoFar}`;
