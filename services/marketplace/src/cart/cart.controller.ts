import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import {
  cartAddSchema,
  cartUpdateSchema,
  makeOrderSchema,
  makeQuotationSchema,
  sellerAnswerSchema,
  t,
  type CartSection,
} from '@tuerca/contracts';
import { Access, CurrentVisitor, Page, actorOf, ok, parseInput, zod, type Visitor } from '@tuerca/platform';
import { QuotationsService } from '../quotations/quotations.service.js';
import { uuidParam } from '../products/products.routes.js';
import { CartService, ownerOf } from './cart.service.js';
import { moduleQuerySchema, notAvailableBodySchema, transactionsQuerySchema, windowBodySchema } from './cart.routes.js';

const SELLERS = ['seller', 'store_admin', 'operator'] as const;

/** Quotations, orders and the seller's answers (spec 000 §7 "Cart and transactions", "Order and quotation helpers"). */
@Controller('api/cart')
export class QuotationsController {
  constructor(private readonly quotations: QuotationsService) {}

  @Post('cartShoppingHeader/makeQuotation')
  @HttpCode(200)
  @Access('user')
  async makeQuotation(@Body() raw: unknown, @CurrentVisitor() visitor: Visitor) {
    const input = parseInput(makeQuotationSchema, raw ?? {});
    const result = await this.quotations.request(visitor, input, actorOf(visitor));
    return ok(result, { message: t('quotation.stockConfirmationSent'), detail: t('quotation.stockConfirmationSentDetail') });
  }

  @Post('cartShoppingHeader/makeOrder')
  @HttpCode(200)
  @Access('user')
  async makeOrder(@Body() raw: unknown, @CurrentVisitor() visitor: Visitor) {
    const input = parseInput(makeOrderSchema, raw ?? {});
    const order = await this.quotations.order(visitor, input, actorOf(visitor));
    return ok(order, { message: t('marketplace.orderPlaced', { ref: order.ref_venta }) });
  }

  /** The person's quotations; a seller's (or store admin's) are their store's, an operator's all. */
  @Get('CartShoppingHeader/listAllTransactions')
  @Access('user')
  async list(@Query(zod(transactionsQuerySchema)) query: { page: number; pageSize: number }, @CurrentVisitor() visitor: Visitor) {
    const user = visitor.user!;
    const asSeller = user.storeId && (user.roles.includes('seller') || user.roles.includes('store_admin'));
    const scope = user.roles.includes('operator') ? {} : asSeller ? { storeId: user.storeId! } : { userId: user.id };
    const { rows, total } = await this.quotations.list(scope, {}, { offset: query.page * query.pageSize, limit: query.pageSize });
    return new Page(rows, total, query);
  }

  @Post('page/sendQuotationToClientAjax')
  @HttpCode(200)
  @Access(SELLERS)
  async available(@Body() raw: unknown, @CurrentVisitor() visitor: Visitor) {
    const input = parseInput(sellerAnswerSchema, raw ?? {});
    const result = await this.quotations.respond(
      visitor,
      input.quotationId,
      { available: true, remainingTime: input.remainingTime, price: input.price, comment: input.comment },
      actorOf(visitor),
    );
    return ok(result, { message: t('marketplace.quotationAnsweredAvailable', { hours: result.hours }) });
  }

  @Post('page/sendQuotationNotavailableToClientAjax')
  @HttpCode(200)
  @Access(SELLERS)
  async notAvailable(@Body() raw: unknown, @CurrentVisitor() visitor: Visitor) {
    const input = parseInput(notAvailableBodySchema, raw ?? {});
    const result = await this.quotations.respond(
      visitor,
      input.quotationId,
      { available: false, comment: input.comment },
      actorOf(visitor),
    );
    return ok(result, { message: t('marketplace.quotationAnsweredNotAvailable') });
  }

  /** A seller who answered 'not available' (or has not answered) marks the stock as available after all. */
  @Patch('cartShoppingHeader/:id/editStockConfirmationAsAvailable')
  @Access(SELLERS)
  async editAsAvailable(@Param('id', zod(uuidParam)) id: string, @Body() raw: unknown, @CurrentVisitor() visitor: Visitor) {
    const input = parseInput(windowBodySchema, raw ?? {});
    const result = await this.quotations.respond(visitor, id, { available: true, remainingTime: input.remainingTime }, actorOf(visitor), {
      allowReanswer: true,
    });
    return ok(result, { message: t('marketplace.quotationAnsweredAvailable', { hours: result.hours }) });
  }
}

/** Counts, lines and minimum value of the cart (spec 000 §7 CartShopingPending). */
@Controller('api/cart/CartShopingPending')
export class PendingCartController {
  constructor(private readonly cart: CartService) {}

  @Get('countItemsInShoppingCart')
  async count(@CurrentVisitor() visitor: Visitor) {
    return ok(await this.cart.count(visitor));
  }

  @Get('itemsPendingShoppingCart')
  async items(@Query(zod(moduleQuerySchema)) query: { module: CartSection }, @CurrentVisitor() visitor: Visitor) {
    return ok(await this.cart.items(ownerOf(visitor), query.module));
  }

  @Post('verifyMinimunValue')
  @HttpCode(200)
  async verifyMinimum(@CurrentVisitor() visitor: Visitor) {
    const result = await this.cart.verifyMinimum(visitor);
    return ok(result, result.ok ? {} : { message: t('cart.minimumValueNotReached') });
  }
}

/** POST /{module}/page/add|update, GET /{module}/page/remove/{id} for the cart and favourites. */
abstract class ModulePageController {
  protected abstract readonly module: CartSection;
  constructor(protected readonly cart: CartService) {}

  @Post('add')
  @HttpCode(200)
  async add(@Body() raw: unknown, @CurrentVisitor() visitor: Visitor) {
    const input = parseInput(cartAddSchema, raw ?? {});
    const { item, alreadyAdded, section } = await this.cart.add(visitor, input);
    // spec 000 §4: afterwards the item shows 'ya fue agregado' with a link.
    const message = alreadyAdded
      ? t('availability.alreadyAdded')
      : t(section === 'favorites' ? 'marketplace.addedToFavorites' : 'marketplace.addedToCart');
    return ok(item, { message, alreadyAdded, section });
  }

  @Post('update')
  @HttpCode(200)
  async update(@Body() raw: unknown, @CurrentVisitor() visitor: Visitor) {
    const input = parseInput(cartUpdateSchema, raw ?? {});
    return ok(await this.cart.update(visitor, this.module, input), { message: t('marketplace.cartItemUpdated') });
  }

  @Get('remove/:id')
  async remove(@Param('id', zod(uuidParam)) id: string, @CurrentVisitor() visitor: Visitor) {
    return ok(await this.cart.remove(visitor, this.module, id), { message: t('marketplace.cartItemRemoved') });
  }
}

@Controller('api/cart/page')
export class CartPageController extends ModulePageController {
  protected readonly module = 'cart' as const;
  constructor(cart: CartService) {
    super(cart);
  }
}

@Controller('api/favorites/page')
export class FavoritesPageController extends ModulePageController {
  protected readonly module = 'favorites' as const;
  constructor(cart: CartService) {
    super(cart);
  }
}
