import { Controller } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { quotationsRoutes, t, type RouteInput } from '@tuerca/contracts';
import { Bind, CurrentVisitor, Input, RequestId, actorOf, ok, type Visitor } from '@tuerca/platform';
import { RequestQuotation } from './request-quotation.command.js';
import { RespondToQuotation } from './respond-to-quotation.command.js';
import { PlaceQuotationOrder } from '../purchases/place-quotation-order.command.js';

const routes = quotationsRoutes;

/** Quotations, the order of an answered one, and the seller's answers (spec 000 §7 "Order and quotation helpers"). */
@Controller()
export class QuotationsController {
  constructor(private readonly commands: CommandBus) {}

  @Bind(routes.makeQuotation)
  async makeQuotation(@Input() { body }: RouteInput<typeof routes.makeQuotation>, @CurrentVisitor() visitor: Visitor) {
    const result = await this.commands.execute(new RequestQuotation(visitor.user!, body, actorOf(visitor)));
    return ok(result, { message: t('quotation.stockConfirmationSent'), detail: t('quotation.stockConfirmationSentDetail') });
  }

  @Bind(routes.makeOrder)
  async makeOrder(
    @Input() { body }: RouteInput<typeof routes.makeOrder>,
    @CurrentVisitor() visitor: Visitor,
    @RequestId() requestKey: string,
  ) {
    const order = await this.commands.execute(new PlaceQuotationOrder(visitor.user!, body, requestKey, actorOf(visitor)));
    return ok(order, { message: t('marketplace.orderPlaced', { ref: order.ref_venta }) });
  }

  @Bind(routes.sendAvailable)
  async sendAvailable(@Input() { body }: RouteInput<typeof routes.sendAvailable>, @CurrentVisitor() visitor: Visitor) {
    const result = await this.commands.execute(
      new RespondToQuotation(
        visitor,
        body.quotationId,
        { available: true, remainingTime: body.remainingTime, price: body.price, comment: body.comment },
        actorOf(visitor),
      ),
    );
    return ok(result, { message: t('marketplace.quotationAnsweredAvailable', { hours: result.hours }) });
  }

  /** The same answer under a virtual store's path prefix (spec 000 §7 {prefix}/cart/page/sendQuotationToClientAjax). */
  @Bind(routes.sendAvailablePrefixed)
  async sendAvailablePrefixed(
    @Input() { params, body }: RouteInput<typeof routes.sendAvailablePrefixed>,
    @CurrentVisitor() visitor: Visitor,
  ) {
    const result = await this.commands.execute(
      new RespondToQuotation(
        visitor,
        body.quotationId,
        { available: true, remainingTime: body.remainingTime, price: body.price, comment: body.comment },
        actorOf(visitor),
        { pathPrefix: params.pathPrefix },
      ),
    );
    return ok(result, { message: t('marketplace.quotationAnsweredAvailable', { hours: result.hours }) });
  }

  @Bind(routes.sendNotAvailable)
  async sendNotAvailable(@Input() { body }: RouteInput<typeof routes.sendNotAvailable>, @CurrentVisitor() visitor: Visitor) {
    const result = await this.commands.execute(
      new RespondToQuotation(visitor, body.quotationId, { available: false, comment: body.comment }, actorOf(visitor)),
    );
    return ok(result, { message: t('marketplace.quotationAnsweredNotAvailable') });
  }

  /** A seller who answered 'not available' (or has not answered) marks the stock as available after all. */
  @Bind(routes.editAsAvailable)
  async editAsAvailable(@Input() { params, body }: RouteInput<typeof routes.editAsAvailable>, @CurrentVisitor() visitor: Visitor) {
    const result = await this.commands.execute(
      new RespondToQuotation(visitor, params.id, { available: true, remainingTime: body.remainingTime }, actorOf(visitor), {
        allowReanswer: true,
      }),
    );
    return ok(result, { message: t('marketplace.quotationAnsweredAvailable', { hours: result.hours }) });
  }
}
