import { Body, Controller, Get, Inject, Injectable, Param, Post, Query, Res, UseGuards, type CanActivate } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import { transactionTypeLabel } from '@tuerca/contracts';
import { APP_CONFIG, Clock, NotFoundError, zod, type AppConfig } from '@tuerca/platform';
import { formatPrice } from '../plans/charging-plan.rules.js';
import { SandboxGateway } from './gateway/sandbox-gateway.js';
import { resultUrl } from './payment.rules.js';
import { PaymentsReader } from './payments.reader.js';
import { checkoutQuerySchema, referenceParamsSchema, sandboxPayBodySchema } from './payments.routes.js';
import { ReceivePaymentEventCommand } from './receive-payment-event.command.js';
import { renderCheckoutPage } from './sandbox-checkout.page.js';

/** The sandbox checkout does not exist in production: 404 before anything else is looked at. */
@Injectable()
export class SandboxOnlyGuard implements CanActivate {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  canActivate(): boolean {
    if (this.config.NODE_ENV === 'production' || this.config.PAYMENT_GATEWAY !== 'sandbox') throw new NotFoundError();
    return true;
  }
}

/**
 * The sandbox gateway's own checkout page, standing in for Wompi's: the person approves or declines, and
 * the page delivers the signed event the gateway would send to the same handler as the webhook.
 */
@Controller('api/billing/sandbox/checkout')
@UseGuards(SandboxOnlyGuard)
export class SandboxCheckoutController {
  constructor(
    private readonly commands: CommandBus,
    private readonly reader: PaymentsReader,
    private readonly gateway: SandboxGateway,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  async page(@Query(zod(checkoutQuerySchema)) query: { reference: string }, @Res({ passthrough: true }) reply: FastifyReply) {
    const payment = await this.reader.byReference(query.reference);
    if (!payment) throw new NotFoundError();
    const amountInCents = Number(payment.amount_in_cents);
    void reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    return renderCheckoutPage({
      reference: payment.reference,
      planTitle: payment.plan_title,
      typeLabel: transactionTypeLabel(payment.type),
      consultations: Number(payment.consultations),
      validityDays: Number(payment.validity_days),
      priceLabel: formatPrice(amountInCents / 100, payment.currency),
      status: payment.status,
      payPath: `/api/billing/sandbox/checkout/${encodeURIComponent(payment.reference)}/pay`,
      redirectUrl: resultUrl(this.config.PUBLIC_URL, payment.reference),
    });
  }

  @Post(':reference/pay')
  async pay(
    @Param(zod(referenceParamsSchema)) params: { reference: string },
    @Body(zod(sandboxPayBodySchema)) body: { outcome: 'APPROVED' | 'DECLINED' | 'VOIDED' | 'ERROR' },
    @Res() reply: FastifyReply,
  ) {
    const payment = await this.reader.byReference(params.reference);
    if (!payment) throw new NotFoundError();
    const redirectUrl = resultUrl(this.config.PUBLIC_URL, payment.reference);
    const event = this.gateway.signedEvent(
      { reference: payment.reference, amountInCents: Number(payment.amount_in_cents), currency: payment.currency, redirectUrl },
      body.outcome,
      this.clock.now(),
    );
    // The same code path as POST /api/billing/payments/events, called in-process.
    await this.commands.execute(new ReceivePaymentEventCommand(event));
    void reply.redirect(redirectUrl, 303);
  }
}
