import { PurchasesController } from './purchases.controller.js';
import { PaymentsGateway } from './payments.gateway.js';
import { PaymentRequests } from './payment-requests.js';
import { PlacePurchaseHandler } from './place-purchase.command.js';
import { PlaceQuotationOrderHandler } from './place-quotation-order.command.js';
import { PayTransactionHandler } from './pay-transaction.command.js';
import { HandleFailedPaymentHandler, RecordGatewayPaymentHandler } from './record-payment.command.js';
import { PurchasePaymentsConsumer } from './purchase-payments.consumer.js';
import {
  AssociateVehicleHandler,
  CancelTransactionHandler,
  ChangeReadStatusHandler,
  SetShippingInfoHandler,
} from './buyer-transaction.commands.js';
import { ExpireOverdueReservationsHandler, ExpireReservationHandler } from './expire-reservation.command.js';
import { ReservationSweep } from './reservation-sweep.js';
import { ListTransactionsHandler, LoadTransactionHandler, UnreadTransactionsHandler } from './transactions.queries.js';

export const PURCHASES_CONTROLLERS = [PurchasesController];
export const PURCHASES_PROVIDERS = [
  PaymentsGateway,
  PaymentRequests,
  PlacePurchaseHandler,
  PlaceQuotationOrderHandler,
  PayTransactionHandler,
  RecordGatewayPaymentHandler,
  HandleFailedPaymentHandler,
  PurchasePaymentsConsumer,
  CancelTransactionHandler,
  SetShippingInfoHandler,
  AssociateVehicleHandler,
  ChangeReadStatusHandler,
  ExpireReservationHandler,
  ExpireOverdueReservationsHandler,
  ReservationSweep,
  ListTransactionsHandler,
  LoadTransactionHandler,
  UnreadTransactionsHandler,
];
