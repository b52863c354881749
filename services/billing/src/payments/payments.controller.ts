import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { createTransactionBodySchema, t } from '@tuerca/contracts';
import { Access, CurrentVisitor, NotFoundError, ok, zod, type Visitor } from '@tuerca/platform';
import { CreatePaymentCommand } from './create-payment.command.js';
import { PaymentsReader } from './payments.reader.js';
import { referenceParamsSchema } from './payments.routes.js';
import { ReceivePaymentEventCommand } from './receive-payment-event.command.js';

/** Paying for a plan (spec 000 §7 createNewTransaction; 001 §4 "Plan purchase") and the gateway's events. */
@Controller()
export class PaymentsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly reader: PaymentsReader,
  ) {}

  /** spec: the answer feeds the payment gateway form. Guests get 401 'Login required' from the access rule. */
  @Post('api/core/transaction/createNewTransaction')
  @Access('user')
  async create(@Body(zod(createTransactionBodySchema)) body: { planId: string }, @CurrentVisitor() visitor: Visitor) {
    return ok(await this.commands.execute(new CreatePaymentCommand(visitor.user!, body.planId)));
  }

  /** The result page polls this until the gateway's event arrives, then shows the new balance. */
  @Get('api/core/transaction/:reference')
  @Access('user')
  async one(@Param(zod(referenceParamsSchema)) params: { reference: string }, @CurrentVisitor() visitor: Visitor) {
    const view = await this.reader.forOwner(params.reference, visitor.user!.id);
    if (!view) throw new NotFoundError(t('payments.transactionNotFound'));
    return ok(view);
  }

  /**
   * The gateway's webhook: public, authenticated by the event's checksum. Gateways retry until they get
   * 200, so a replay is answered 200 (and changes nothing).
   */
  @Post('api/billing/payments/events')
  @HttpCode(200)
  async events(@Body() body: unknown) {
    return ok(await this.commands.execute(new ReceivePaymentEventCommand(body)));
  }
}
