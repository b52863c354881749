import { Controller, StreamableFile } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { cartRoutes, t, type CartSection, type RouteInput } from '@tuerca/contracts';
import { Bind, CurrentVisitor, Input, ok, type Visitor } from '@tuerca/platform';
import { guestOwnerOf, ownerOf } from './cart.rules.js';
import { JoinGuestCart } from './join-guest-cart.command.js';
import { CartLines } from './cart-lines.query.js';
import { CountCart } from './count-cart.query.js';
import { VerifyMinimum } from './verify-minimum.query.js';
import { ValidateProductStock } from './validate-product-stock.query.js';
import { CartQuotationPdf } from './cart-quotation-pdf.query.js';
import { AddToCart } from './add-to-cart.command.js';
import { UpdateCartLine } from './update-cart-line.command.js';
import { RemoveCartLines } from './remove-cart-lines.command.js';
import { SaveCart } from './save-cart.command.js';

const routes = cartRoutes;

/**
 * The cart (spec 000 §7 CartShopingPending and /{module}/page/*). A guest keeps a cart by visitor; after login
 * the guest's lines join the account's before any cart call answers (JoinGuestCart), so the cart right after
 * login shows them.
 */
@Controller()
export class CartController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  private async owner(visitor: Visitor): Promise<string> {
    if (guestOwnerOf(visitor)) await this.commands.execute(new JoinGuestCart(visitor.user!.id, visitor.guestId));
    return ownerOf(visitor);
  }

  @Bind(routes.count)
  async count(@CurrentVisitor() visitor: Visitor) {
    return ok(await this.queries.execute(new CountCart(await this.owner(visitor))));
  }

  @Bind(routes.items)
  async items(@Input() { query }: RouteInput<typeof routes.items>, @CurrentVisitor() visitor: Visitor) {
    const { lines, stores } = await this.queries.execute(new CartLines(await this.owner(visitor), query.module));
    return ok(lines, { stores });
  }

  @Bind(routes.verifyMinimum)
  async verifyMinimum(@Input() { body }: RouteInput<typeof routes.verifyMinimum>, @CurrentVisitor() visitor: Visitor) {
    const result = await this.queries.execute(new VerifyMinimum(await this.owner(visitor), body.itemIds));
    return ok(result, result.ok ? {} : { message: t('cart.minimumValueNotReached') });
  }

  @Bind(routes.deleteSelected)
  async deleteSelected(@Input() { body }: RouteInput<typeof routes.deleteSelected>, @CurrentVisitor() visitor: Visitor) {
    const removed = await this.commands.execute(new RemoveCartLines(await this.owner(visitor), body.itemIds, 'cart'));
    return ok(removed, { message: t(removed.length === 1 ? 'cart.deletedOne' : 'cart.deletedSelected') });
  }

  @Bind(routes.saveShopping)
  async saveShopping(@Input() { body }: RouteInput<typeof routes.saveShopping>, @CurrentVisitor() visitor: Visitor) {
    return ok(await this.commands.execute(new SaveCart(await this.owner(visitor), body)), { message: t('cart.saved') });
  }

  @Bind(routes.downloadQuotation)
  async downloadQuotation(@Input() { body }: RouteInput<typeof routes.downloadQuotation>, @CurrentVisitor() visitor: Visitor) {
    const file = await this.queries.execute(new CartQuotationPdf(await this.owner(visitor), visitor.user?.name ?? null, body.itemIds));
    return new StreamableFile(file.data, {
      type: 'application/pdf',
      length: file.data.length,
      disposition: `attachment; filename="${file.fileName}"`,
    });
  }

  @Bind(routes.validateProductStock)
  async validateProductStock(@Input() { query }: RouteInput<typeof routes.validateProductStock>) {
    return ok(await this.queries.execute(new ValidateProductStock(query.productId, query.quantity)));
  }

  @Bind(routes.cartPage.add)
  addToCart(@Input() input: RouteInput<typeof routes.cartPage.add>, @CurrentVisitor() visitor: Visitor) {
    return this.add(input.body, visitor);
  }

  @Bind(routes.favoritesPage.add)
  addToFavorites(@Input() input: RouteInput<typeof routes.favoritesPage.add>, @CurrentVisitor() visitor: Visitor) {
    return this.add(input.body, visitor);
  }

  @Bind(routes.cartPage.update)
  updateCart(@Input() { body }: RouteInput<typeof routes.cartPage.update>, @CurrentVisitor() visitor: Visitor) {
    return this.update('cart', body, visitor);
  }

  @Bind(routes.favoritesPage.update)
  updateFavorites(@Input() { body }: RouteInput<typeof routes.favoritesPage.update>, @CurrentVisitor() visitor: Visitor) {
    return this.update('favorites', body, visitor);
  }

  @Bind(routes.cartPage.remove)
  removeFromCart(@Input() { params }: RouteInput<typeof routes.cartPage.remove>, @CurrentVisitor() visitor: Visitor) {
    return this.remove('cart', params.id, visitor);
  }

  @Bind(routes.favoritesPage.remove)
  removeFromFavorites(@Input() { params }: RouteInput<typeof routes.favoritesPage.remove>, @CurrentVisitor() visitor: Visitor) {
    return this.remove('favorites', params.id, visitor);
  }

  private async add(body: RouteInput<typeof routes.cartPage.add>['body'], visitor: Visitor) {
    const { line, alreadyAdded, section } = await this.commands.execute(
      new AddToCart(await this.owner(visitor), visitor.user?.id ?? null, body),
    );
    // spec 000 §4: afterwards the item shows 'ya fue agregado' with a link.
    const message = alreadyAdded
      ? t('availability.alreadyAdded')
      : t(section === 'favorites' ? 'marketplace.addedToFavorites' : 'marketplace.addedToCart');
    return ok(line, { message, alreadyAdded, section });
  }

  private async update(section: CartSection, body: RouteInput<typeof routes.cartPage.update>['body'], visitor: Visitor) {
    return ok(await this.commands.execute(new UpdateCartLine(await this.owner(visitor), section, body)), {
      message: t('marketplace.cartItemUpdated'),
    });
  }

  private async remove(section: CartSection, id: string, visitor: Visitor) {
    await this.commands.execute(new RemoveCartLines(await this.owner(visitor), [id], section));
    return ok({ id }, { message: t('marketplace.cartItemRemoved') });
  }
}
