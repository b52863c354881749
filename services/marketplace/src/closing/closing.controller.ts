import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  adminReturnFilterSchema,
  adminTransactionFilterSchema,
  adminTransactionPaidFilterSchema,
  closingAdminRoutes,
  closingRoutes,
  t,
  transactionPaidFilterSchema,
  walletFilterSchema,
  type RouteInput,
} from '@tuerca/contracts';
import {
  AdminRange,
  Bind,
  CurrentVisitor,
  Input,
  MethodNotAllowedError,
  NotFoundError,
  Page,
  ok,
  pageWindow,
  parseInput,
  rangeWindow,
  type Visitor,
} from '@tuerca/platform';
import { uuidIdsOf } from '../stores/store.queries.js';
import { GetAdminTransaction, ListAdminTransactions } from './admin-transactions.queries.js';
import { AdviserFollowUp, ListAdvisers, RegisterAdviser } from './advisers.js';
import { DecideReturn, GetAdminReturn, ListAdminReturns, LoadTransactionReturns, RequestReturn } from './returns.js';
import { ConfirmOrder, MarkDelivered } from './seller-order.commands.js';
import { MakeTransactionPaid, ReversePayment, UpdateTransactionPaid } from './transaction-paid.commands.js';
import { ListTransactionPaid, LoadTransactionPaid } from './transaction-paid.queries.js';
import { ChangeReadInWallet, ChangeReadInWalletAll, ChangeReadStatusAll, WalletIndicatorsQuery } from './wallet.js';

const r = closingRoutes;

/** Closing the sale: the seller's decision and delivery, the wallet, paid transactions, returns, advisers (issue #13). */
@Controller()
export class ClosingController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Bind(r.confirmOrder)
  async confirmOrder(@Input() { params, body }: RouteInput<typeof r.confirmOrder>, @CurrentVisitor() v: Visitor) {
    const { view, confirmed } = await this.commands.execute(new ConfirmOrder(v.user!, params.id, body.confirmed, body.reason));
    return ok(view, { message: t(confirmed ? 'closing.orderConfirmed' : 'closing.orderRejected', { ref: view.ref_venta }) });
  }

  @Bind(r.markDelivered)
  async markDelivered(@Input() { params }: RouteInput<typeof r.markDelivered>, @CurrentVisitor() v: Visitor) {
    const view = await this.commands.execute(new MarkDelivered(v.user!, params.id));
    return ok(view, { message: t('closing.delivered', { ref: view.ref_venta }) });
  }

  @Bind(r.walletIndicators)
  async walletIndicators(@Input() { query }: RouteInput<typeof r.walletIndicators>, @CurrentVisitor() v: Visitor) {
    const filter = parseInput(walletFilterSchema, query.filter);
    return ok(await this.queries.execute(new WalletIndicatorsQuery(v.user!, filter)));
  }

  @Bind(r.changeReadInWallet)
  async changeReadInWallet(@Input() { params, body }: RouteInput<typeof r.changeReadInWallet>, @CurrentVisitor() v: Visitor) {
    const result = await this.commands.execute(new ChangeReadInWallet(v.user!, params.id, body.scenario, body.isRead));
    return ok(result, { message: t(body.isRead ? 'closing.walletRead' : 'closing.walletUnread') });
  }

  @Bind(r.changeReadInWalletAll)
  async changeReadInWalletAll(@Input() { body }: RouteInput<typeof r.changeReadInWalletAll>, @CurrentVisitor() v: Visitor) {
    const count = await this.commands.execute(new ChangeReadInWalletAll(v.user!, body.scenario, body.storeId));
    return ok({ count }, { count, message: t('closing.markedAllRead', { count }) });
  }

  @Bind(r.changeReadStatusAll)
  async changeReadStatusAll(@Input() { body }: RouteInput<typeof r.changeReadStatusAll>, @CurrentVisitor() v: Visitor) {
    const count = await this.commands.execute(new ChangeReadStatusAll(v.user!, body.typeUser));
    return ok({ count }, { count, message: t('closing.markedAllRead', { count }) });
  }

  @Bind(r.makeTransactionPaid)
  async makeTransactionPaid(@Input() { body }: RouteInput<typeof r.makeTransactionPaid>, @CurrentVisitor() v: Visitor) {
    const { record, paid, refVenta } = await this.commands.execute(new MakeTransactionPaid(v.user!, body));
    return ok(record, { message: paid ? t('closing.paymentRecordedPaid', { ref: refVenta }) : t('closing.paymentRecorded') });
  }

  @Bind(r.reversePayment)
  async reversePayment(@Input() { body }: RouteInput<typeof r.reversePayment>, @CurrentVisitor() v: Visitor) {
    return ok(await this.commands.execute(new ReversePayment(v.user!, body.transactionPaidId, body.reason)), {
      message: t('closing.paymentReversed'),
    });
  }

  @Bind(r.loadTransactionPaid)
  async loadTransactionPaid(@Input() { params }: RouteInput<typeof r.loadTransactionPaid>, @CurrentVisitor() v: Visitor) {
    return ok(await this.queries.execute(new LoadTransactionPaid(v.user!, params.id)));
  }

  @Bind(r.listTransactionPaid)
  async listTransactionPaid(@Input() { query }: RouteInput<typeof r.listTransactionPaid>, @CurrentVisitor() v: Visitor) {
    const filter = parseInput(transactionPaidFilterSchema, query.filter);
    const { rows, total } = await this.queries.execute(new ListTransactionPaid(v.user!, filter, pageWindow(query)));
    return new Page(rows, total, query);
  }

  @Bind(r.updateTransactionPaid)
  async updateTransactionPaid(@Input() { params, body }: RouteInput<typeof r.updateTransactionPaid>, @CurrentVisitor() v: Visitor) {
    return ok(await this.commands.execute(new UpdateTransactionPaid(v.user!, params.id, body)), { message: t('closing.paymentUpdated') });
  }

  @Bind(r.loadTransactionReturns)
  async loadTransactionReturns(@Input() { params }: RouteInput<typeof r.loadTransactionReturns>, @CurrentVisitor() v: Visitor) {
    return ok(await this.queries.execute(new LoadTransactionReturns(v.user!, params.id)));
  }

  @Bind(r.requestReturn)
  async requestReturn(@Input() { params, body }: RouteInput<typeof r.requestReturn>, @CurrentVisitor() v: Visitor) {
    return ok(await this.commands.execute(new RequestReturn(v.user!, params.id, body.reason)), { message: t('closing.returnRequested') });
  }

  @Bind(r.decideReturn)
  async decideReturn(@Input() { params, body }: RouteInput<typeof r.decideReturn>, @CurrentVisitor() v: Visitor) {
    const view = await this.commands.execute(new DecideReturn(v.user!, params.id, body.accepted, body.reason));
    return ok(view, { message: t(body.accepted ? 'closing.returnAccepted' : 'closing.returnRejected') });
  }

  @Bind(r.registerAdviser)
  async registerAdviser(@Input() { params, body }: RouteInput<typeof r.registerAdviser>, @CurrentVisitor() v: Visitor) {
    return ok(await this.commands.execute(new RegisterAdviser(v.user!, params.id, body.adviser_id)), {
      message: t('closing.adviserAssigned'),
    });
  }

  @Bind(r.adviserFollowUp)
  async adviserFollowUp(@Input() { params, body }: RouteInput<typeof r.adviserFollowUp>, @CurrentVisitor() v: Visitor) {
    return ok(await this.commands.execute(new AdviserFollowUp(v.user!, params.id, body)), { message: t('closing.followUpSaved') });
  }
}

const tr = closingAdminRoutes.transactions;
const paid = closingAdminRoutes.transactionPaid;
const ret = closingAdminRoutes.transactionReturns;
const adv = closingAdminRoutes.advisers;

/** The operator console's resources of the sale's closing; their writes go through the /api routes above (405 here). */
@Controller()
export class ClosingAdminController {
  constructor(private readonly queries: QueryBus) {}

  @Bind(tr.list)
  async transactions(@Input() { query }: RouteInput<typeof tr.list>, @CurrentVisitor() v: Visitor) {
    const filter = parseInput(adminTransactionFilterSchema, query.filter);
    const { rows, total, offset } = await this.queries.execute(new ListAdminTransactions(v.user!, query, filter));
    return new AdminRange('transactions', rows, offset, total);
  }

  @Bind(tr.one)
  transaction(@Input() { params }: RouteInput<typeof tr.one>, @CurrentVisitor() v: Visitor) {
    return this.queries.execute(new GetAdminTransaction(v.user!, params.id));
  }

  @Bind(paid.list)
  async paidList(@Input() { query }: RouteInput<typeof paid.list>, @CurrentVisitor() v: Visitor) {
    const { id, ...filter } = parseInput(adminTransactionPaidFilterSchema, query.filter);
    const ids = uuidIdsOf(id);
    const { rows, total, offset } = await this.queries.execute(
      new ListTransactionPaid(v.user!, { ...filter, ids }, rangeWindow(query, ids), query.sort),
    );
    return new AdminRange('transaction-paid', rows, offset, total);
  }

  @Bind(paid.one)
  paidOne(@Input() { params }: RouteInput<typeof paid.one>, @CurrentVisitor() v: Visitor) {
    return this.queries.execute(new LoadTransactionPaid(v.user!, params.id));
  }

  @Bind(ret.list)
  async returns(@Input() { query }: RouteInput<typeof ret.list>, @CurrentVisitor() v: Visitor) {
    const filter = parseInput(adminReturnFilterSchema, query.filter);
    const { rows, total, offset } = await this.queries.execute(new ListAdminReturns(v.user!, query, filter));
    return new AdminRange('transaction-returns', rows, offset, total);
  }

  @Bind(ret.one)
  returnOne(@Input() { params }: RouteInput<typeof ret.one>, @CurrentVisitor() v: Visitor) {
    return this.queries.execute(new GetAdminReturn(v.user!, params.id));
  }

  @Bind(adv.list)
  async advisers(@Input() { query }: RouteInput<typeof adv.list>) {
    const filter = parseInput(adminTransactionPaidFilterSchema.pick({ id: true }), query.filter);
    const ids = filter.id === undefined ? undefined : Array.isArray(filter.id) ? filter.id : [filter.id];
    const { rows, total, offset } = await this.queries.execute(new ListAdvisers(query, ids));
    return new AdminRange('advisers', rows, offset, total);
  }

  @Bind(adv.one)
  async adviser(@Input() { params }: RouteInput<typeof adv.one>) {
    const { rows } = await this.queries.execute(new ListAdvisers({ range: { start: 0, end: 0 } } as never, [params.id]));
    if (!rows[0]) throw new NotFoundError();
    return rows[0];
  }

  @Bind(tr.create)
  trCreate(): never {
    throw new MethodNotAllowedError();
  }

  @Bind(tr.update)
  trUpdate(): never {
    throw new MethodNotAllowedError();
  }

  @Bind(tr.remove)
  trRemove(): never {
    throw new MethodNotAllowedError();
  }

  @Bind(paid.create)
  paidCreate(): never {
    throw new MethodNotAllowedError();
  }

  @Bind(paid.update)
  paidUpdate(): never {
    throw new MethodNotAllowedError();
  }

  @Bind(paid.remove)
  paidRemove(): never {
    throw new MethodNotAllowedError();
  }

  @Bind(ret.create)
  retCreate(): never {
    throw new MethodNotAllowedError();
  }

  @Bind(ret.update)
  retUpdate(): never {
    throw new MethodNotAllowedError();
  }

  @Bind(ret.remove)
  retRemove(): never {
    throw new MethodNotAllowedError();
  }

  @Bind(adv.create)
  advCreate(): never {
    throw new MethodNotAllowedError();
  }

  @Bind(adv.update)
  advUpdate(): never {
    throw new MethodNotAllowedError();
  }

  @Bind(adv.remove)
  advRemove(): never {
    throw new MethodNotAllowedError();
  }
}
