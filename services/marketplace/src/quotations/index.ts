import { QuotationsController } from './quotations.controller.js';
import { QuotationsService } from './quotations.service.js';
import { RequestQuotationHandler } from './request-quotation.command.js';
import { RespondToQuotationHandler } from './respond-to-quotation.command.js';
import { CloseQuotationWindowHandler, QuotationWindows } from './close-quotation-window.command.js';
import { ListQuotationsHandler } from './list-quotations.query.js';
import { AnswerQuotationFromWhatsAppHandler } from './answer-quotation-from-whatsapp.command.js';
import { WhatsAppRepliesConsumer } from './whatsapp-replies.consumer.js';

export const QUOTATIONS_CONTROLLERS = [QuotationsController];
export const QUOTATIONS_PROVIDERS = [
  QuotationsService,
  RequestQuotationHandler,
  RespondToQuotationHandler,
  CloseQuotationWindowHandler,
  QuotationWindows,
  ListQuotationsHandler,
  AnswerQuotationFromWhatsAppHandler,
  WhatsAppRepliesConsumer,
];
