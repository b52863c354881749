import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { cartRoutes, purchasesRoutes, t, transactionFilterSchema, type RouteInput } from '@tuerca/contracts';
import { Bind, Clock, CurrentVisitor, Input, Page, RequestId, actorOf, ok, parseInput, type Visitor } from '@tuerca/platform';
import { ownerOf } from '../cart/cart.rules.js';
import { JoinGuestCart } from '../cart/join-guest-cart.command.js';
import { ListQuotations } from '../quotations/list-quotations.query.js';
import { PlacePurchase } from './place-purchase.command.js';
import { PayTransaction } from './pay-transaction.command.js';
import { AssociateVehicle, CancelTransaction, ChangeReadStatus, SetShippingInfo } from './buyer-transaction.commands.js';
import { ListTransactions, LoadTransaction, UnreadTransactions } from './transactions.queries.js';
import { checkoutMessage } from './checkout-message.js';
import type { CheckoutKind } from './purchase.rules.js';

const routes = purchasesRoutes;

/**
 * The buyer's checkout and transactions (spec 000 §7 "Cart and transactions"). The checkout calls take the
 * request's Idempotency-Key (or its request id): a double click, a retried request or two tabs never make two
 * purchases. Every id route answers 404 for another person's transaction.
 */
@Controller()
export class PurchasesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly clock: Clock,
  ) {}

  private async checkout(
    kind: CheckoutKind,
    body: RouteInput<typeof cartRoutes.makePurchase>['body'],
    visitor: Visitor,
    requestKey: string,
  ) {
    const user = visitor.user!;
    if (visitor.guestId) await this.commands.execute(new JoinGuestCart(user.id, visitor.guestId));
    const result = await this.commands.execute(new PlacePurchase(user, ownerOf(visitor), kind, body, requestKey, actorOf(visitor)));
    return ok(result, checkoutMessage(result, kind, this.clock.now()));
  }

  @Bind(cartRoutes.makePurchase)
  makePurchase(
    @Input() { body }: RouteInput<typeof cartRoutes.makePurchase>,
    @CurrentVisitor() visitor: Visitor,
    @RequestId() key: string,
  ) {
    return this.checkout('purchase', body, visitor, key);
  }

  @Bind(cartRoutes.savePurchaseOrder)
  savePurchaseOrder(
    @Input() { body }: RouteInput<typeof cartRoutes.savePurchaseOrder>,
    @CurrentVisitor() visitor: Visitor,
    @RequestId() key: string,
  ) {
    return this.checkout('order', body, visitor, key);
  }

  @Bind(cartRoutes.saveOnlinePurchase)
  async saveOnlinePurchase(
    @Input() { body }: RouteInput<typeof cartRoutes.saveOnlinePurchase>,
    @CurrentVisitor() visitor: Visitor,
    @RequestId() key: string,
  ) {
    if (!body.transactionId) return this.checkout('online', body, visitor, key);
    const result = await this.commands.execute(new PayTransaction(visitor.user!.id, body.transactionId, 'checkout'));
    return ok(result, {});
  }

  @Bind(cartRoutes.createPaymentLink)
  async createPaymentLink(
    @Input() { body }: RouteInput<typeof cartRoutes.createPaymentLink>,
    @CurrentVisitor() visitor: Visitor,
    @RequestId() key: string,
  ) {
    if (!body.transactionId) return this.checkout('link', body, visitor, key);
    const result = await this.commands.execute(new PayTransaction(visitor.user!.id, body.transactionId, 'link'));
    return ok(result, checkoutMessage(result, 'link', this.clock.now()));
  }

  @Bind(routes.list)
  async list(@Input() { query }: RouteInput<typeof routes.list>, @CurrentVisitor() visitor: Visitor) {
    const user = visitor.user!;
    const filter = parseInput(transactionFilterSchema, query.filter);
    const onlyQuotation = query.onlyQuotation === '1' || query.onlyQuotation === 'true';
    if (onlyQuotation) {
      // The quotation records: a seller's (or store admin's) are their store's, an operator's all, anyone else's their own.
      const asSeller = Boolean(user.storeId && (user.roles.includes('seller') || user.roles.includes('store_admin')));
      const scope = user.roles.includes('operator') ? {} : asSeller ? { storeId: user.storeId! } : { userId: user.id };
      const { rows, total } = await this.queries.execute(
        new ListQuotations(scope, { state: filter.quotationState }, { offset: query.page * query.pageSize, limit: query.pageSize }),
      );
      return new Page(rows, total, query);
    }
    const { rows, total } = await this.queries.execute(new ListTransactions(user, filter, query, query.scopes));
    return new Page(rows, total, query);
  }

  @Bind(routes.cancel)
  async cancel(@Input() { params }: RouteInput<typeof routes.cancel>, @CurrentVisitor() visitor: Visitor) {
    const view = await this.commands.execute(new CancelTransaction(visitor.user!.id, params.id, actorOf(visitor)));
    return ok(view, { message: t('purchases.cancelled', { ref: view.ref_venta }) });
  }

  @Bind(routes.load)
  async load(@Input() { params }: RouteInput<typeof routes.load>, @CurrentVisitor() visitor: Visitor) {
    return ok(await this.queries.execute(new LoadTransaction(visitor.user!.id, params.id)));
  }

  @Bind(routes.setShippingInfo)
  async setShippingInfo(@Input() { params, body }: RouteInput<typeof routes.setShippingInfo>, @CurrentVisitor() visitor: Visitor) {
    return ok(await this.commands.execute(new SetShippingInfo(visitor.user!.id, params.id, body)), {
      message: t('purchases.shippingSaved'),
    });
  }

  @Bind(routes.associateVehicle)
  async associateVehicle(@Input() { params, body }: RouteInput<typeof routes.associateVehicle>, @CurrentVisitor() visitor: Visitor) {
    const view = await this.commands.execute(new AssociateVehicle(visitor.user!.id, params.id, body.vehicleId));
    return ok(view, { message: t(body.vehicleId ? 'purchases.vehicleSaved' : 'purchases.vehicleRemoved') });
  }

  @Bind(routes.changeReadStatus)
  async changeReadStatus(@Input() { params, body }: RouteInput<typeof routes.changeReadStatus>, @CurrentVisitor() visitor: Visitor) {
    const view = await this.commands.execute(new ChangeReadStatus(visitor.user!.id, params.id, body.isRead));
    return ok(view, { message: t(body.isRead ? 'purchases.markedRead' : 'purchases.markedUnread') });
  }

  @Bind(routes.unread)
  async unread(@CurrentVisitor() visitor: Visitor) {
    return ok(await this.queries.execute(new UnreadTransactions(visitor.user!.id)));
  }
}
