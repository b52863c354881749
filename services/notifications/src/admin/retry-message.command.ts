import { Command, CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import { t, type NotificationView } from '@tuerca/contracts';
import { Clock, ContextDatabase, DomainError } from '@tuerca/platform';
import { Message } from '../messages/message.entity.js';
import { GetMessage } from './get-message.query.js';
import { assertMessageId, notificationNotFound, toNotificationView } from './message-view.js';

export class RetryMessage extends Command<NotificationView> {
  constructor(readonly id: string) {
    super();
  }
}

/**
 * A failed message goes back to 'queued' (its attempts and last error stay as history); the dispatcher
 * hands it to BullMQ again, with a fresh set of attempts. Anything but 'failed' is a 409.
 */
@CommandHandler(RetryMessage)
export class RetryMessageHandler implements ICommandHandler<RetryMessage> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
    private readonly queries: QueryBus,
  ) {}

  async execute({ id }: RetryMessage): Promise<NotificationView> {
    assertMessageId(id);
    const retried = await this.db.transactional(async (em) => {
      const message = await em.findOne(Message, { id }, { lockMode: 4 /* pessimistic write */ });
      if (!message) throw notificationNotFound();
      if (message.status !== 'failed') return null;
      message.status = 'queued';
      message.dispatchedAt = null;
      message.updatedAt = this.clock.now();
      return message;
    });
    if (retried) return toNotificationView(retried);
    await this.queries.execute(new GetMessage(id));
    throw new DomainError(409, 'Not retryable', [t('notifications.onlyFailedRetry')]);
  }
}
