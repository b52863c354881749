import { ClosingAdminController, ClosingController } from './closing.controller.js';
import { GetAdminTransactionHandler, ListAdminTransactionsHandler } from './admin-transactions.queries.js';
import {
  AdviserFollowUpHandler,
  AdvisersConsumer,
  ApplyAdviserEventHandler,
  ListAdvisersHandler,
  RegisterAdviserHandler,
} from './advisers.js';
import {
  DecideReturnHandler,
  GetAdminReturnHandler,
  ListAdminReturnsHandler,
  LoadTransactionReturnsHandler,
  RequestReturnHandler,
} from './returns.js';
import { ConfirmOrderHandler, MarkDeliveredHandler } from './seller-order.commands.js';
import { MakeTransactionPaidHandler, ReversePaymentHandler, UpdateTransactionPaidHandler } from './transaction-paid.commands.js';
import { ListTransactionPaidHandler, LoadTransactionPaidHandler } from './transaction-paid.queries.js';
import { ChangeReadInWalletAllHandler, ChangeReadInWalletHandler, ChangeReadStatusAllHandler, WalletIndicatorsHandler } from './wallet.js';

export const CLOSING_CONTROLLERS = [ClosingController, ClosingAdminController];
export const CLOSING_PROVIDERS = [
  ConfirmOrderHandler,
  MarkDeliveredHandler,
  MakeTransactionPaidHandler,
  ReversePaymentHandler,
  UpdateTransactionPaidHandler,
  LoadTransactionPaidHandler,
  ListTransactionPaidHandler,
  WalletIndicatorsHandler,
  ChangeReadInWalletHandler,
  ChangeReadInWalletAllHandler,
  ChangeReadStatusAllHandler,
  LoadTransactionReturnsHandler,
  RequestReturnHandler,
  DecideReturnHandler,
  ListAdminReturnsHandler,
  GetAdminReturnHandler,
  RegisterAdviserHandler,
  AdviserFollowUpHandler,
  ApplyAdviserEventHandler,
  AdvisersConsumer,
  ListAdvisersHandler,
  ListAdminTransactionsHandler,
  GetAdminTransactionHandler,
];
