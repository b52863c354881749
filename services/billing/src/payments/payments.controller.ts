import { Controller, Res, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import { paymentsRoutes as routes, type RouteInput } from '@tuerca/contracts';
import { Bind, CurrentVisitor, Input, ok, type Visitor } from '@tuerca/platform';
import { CreatePlanPayment } from './create-payment.command.js';
import { GetPlanPayment } from './get-payment.query.js';
import { PayInSandbox } from './pay-in-sandbox.command.js';
import { ReceivePaymentEvent } from './receive-payment-event.command.js';
import { GetSandboxCheckout } from './sandbox-checkout.query.js';
import { SandboxOnlyGuard } from './sandbox-only.guard.js';

/** Paying for a plan (spec 000 §7 createNewTransaction; 001 §4 "Plan purchase") and the gateway's events. */
@Controller()
export class PaymentsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  /** spec: the answer feeds the payment gateway form. Guests get 401 'Login required' from the access rule. */
  @Bind(routes.create)
  async create(@Input() { body }: RouteInput<typeof routes.create>, @CurrentVisitor() visitor: Visitor) {
    return ok(await this.commands.execute(new CreatePlanPayment(visitor.user!, body.planId)));
  }

  /** The result page polls this until the gateway's event arrives, then shows the new balance. */
  @Bind(routes.one)
  async one(@Input() { params }: RouteInput<typeof routes.one>, @CurrentVisitor() visitor: Visitor) {
    return ok(await this.queries.execute(new GetPlanPayment(params.reference, visitor.user!.id)));
  }

  /** The gateway's webhook: public, authenticated by the event's checksum; a replay is answered 200 (and changes nothing). */
  @Bind(routes.events)
  async events(@Input() { body }: RouteInput<typeof routes.events>, @CurrentVisitor() visitor: Visitor) {
    return ok(await this.commands.execute(new ReceivePaymentEvent(body, visitor.ip)));
  }
}

/** The sandbox gateway's own checkout page, standing in for Wompi's (never in production). */
@Controller()
@UseGuards(SandboxOnlyGuard)
export class SandboxCheckoutController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Bind(routes.sandboxPage)
  async page(
    @Input() { query }: RouteInput<typeof routes.sandboxPage>,
    @CurrentVisitor() visitor: Visitor,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const viewer = { userId: visitor.user?.id ?? null, token: query.token ?? null };
    const html = await this.queries.execute(new GetSandboxCheckout(query.reference, viewer));
    void reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    return html;
  }

  @Bind(routes.sandboxPay)
  async pay(
    @Input() { params, body }: RouteInput<typeof routes.sandboxPay>,
    @CurrentVisitor() visitor: Visitor,
    @Res() reply: FastifyReply,
  ) {
    const viewer = { userId: visitor.user?.id ?? null, token: body.token ?? null };
    const redirectUrl = await this.commands.execute(new PayInSandbox(params.reference, body.outcome, viewer));
    void reply.redirect(redirectUrl, 303);
  }
}
