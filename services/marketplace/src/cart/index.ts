import { CartController } from './cart.controller.js';
import { AddToCartHandler } from './add-to-cart.command.js';
import { UpdateCartLineHandler } from './update-cart-line.command.js';
import { RemoveCartLinesHandler } from './remove-cart-lines.command.js';
import { SaveCartHandler } from './save-cart.command.js';
import { JoinGuestCartHandler } from './join-guest-cart.command.js';
import { GuestCartConsumer } from './guest-cart.consumer.js';
import { CartLinesHandler } from './cart-lines.query.js';
import { CountCartHandler } from './count-cart.query.js';
import { VerifyMinimumHandler } from './verify-minimum.query.js';
import { ValidateProductStockHandler } from './validate-product-stock.query.js';
import { CartQuotationPdfHandler } from './cart-quotation-pdf.query.js';

export const CART_CONTROLLERS = [CartController];
export const CART_PROVIDERS = [
  AddToCartHandler,
  UpdateCartLineHandler,
  RemoveCartLinesHandler,
  SaveCartHandler,
  JoinGuestCartHandler,
  GuestCartConsumer,
  CartLinesHandler,
  CountCartHandler,
  VerifyMinimumHandler,
  ValidateProductStockHandler,
  CartQuotationPdfHandler,
];
