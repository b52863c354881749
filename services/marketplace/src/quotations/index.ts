import { QuotationsController } from './quotations.controller.js';
import { QuotationsService } from './quotations.service.js';
import { RequestQuotationHandler } from './request-quotation.command.js';
import { RespondToQuotationHandler } from './respond-to-quotation.command.js';
import { CloseQuotationWindowHandler, QuotationWindows } from './close-quotation-window.command.js';
import { ListQuotationsHandler } from './list-quotations.query.js';
import { AnswerQuotationFromWhatsAppHandler } from './answer-quotation-from-whatsapp.command.js';
import { WhatsAppRepliesConsumer } from './whatsapp-replies.consumer.js';
import { QuoteRequestsController } from './quote-requests.controller.js';
import { SendQuoteRequestHandler } from './send-quote-request.command.js';
import { AnswerQuoteRequestHandler } from './answer-quote-request.command.js';
import {
  GetAdminQuoteRequestHandler,
  GetMyQuoteRequestHandler,
  ListAdminQuoteRequestsHandler,
  ListMyQuoteRequestsHandler,
} from './quote-request.queries.js';

export const QUOTATIONS_CONTROLLERS = [QuotationsController, QuoteRequestsController];
export const QUOTATIONS_PROVIDERS = [
  QuotationsService,
  RequestQuotationHandler,
  RespondToQuotationHandler,
  CloseQuotationWindowHandler,
  QuotationWindows,
  ListQuotationsHandler,
  AnswerQuotationFromWhatsAppHandler,
  WhatsAppRepliesConsumer,
  SendQuoteRequestHandler,
  AnswerQuoteRequestHandler,
  ListMyQuoteRequestsHandler,
  GetMyQuoteRequestHandler,
  ListAdminQuoteRequestsHandler,
  GetAdminQuoteRequestHandler,
];
