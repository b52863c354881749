import { Command, CommandBus, CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import type { z } from 'zod';
import type { AdminProduct, adminProductUpdateSchema } from '@tuerca/contracts';
import type { Visitor } from '@tuerca/platform';
import { ChangeProduct } from '../products/change-product.command.js';
import { UpdateProduct } from '../products/update-product.command.js';
import { GetAdminProduct } from './admin-products.queries.js';

/**
 * PUT /admin-api/products/:id: react-admin sends the whole record. A state change depletes the product or
 * publishes it again (with the record's stock when it has some); anything else is an edit of its fields.
 */
export class UpdateProductFromConsole extends Command<AdminProduct> {
  constructor(
    readonly by: Visitor,
    readonly id: string,
    readonly record: z.infer<typeof adminProductUpdateSchema>,
  ) {
    super();
  }
}

@CommandHandler(UpdateProductFromConsole)
export class UpdateProductFromConsoleHandler implements ICommandHandler<UpdateProductFromConsole> {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  async execute({ by, id, record }: UpdateProductFromConsole): Promise<AdminProduct> {
    const current = await this.queries.execute(new GetAdminProduct(by, id));
    const { state, ...fields } = record;
    if (state === 'depleted' && current.state !== 'depleted') await this.commands.execute(new ChangeProduct(by, id, { to: 'depleted' }));
    else if (state === 'published' && current.state === 'depleted') {
      const stock = typeof fields.inventario === 'number' && fields.inventario >= 1 ? fields.inventario : undefined;
      await this.commands.execute(new ChangeProduct(by, id, { to: 'published', inventario: stock }));
    } else await this.commands.execute(new UpdateProduct(by, id, 'edit', fields));
    return this.queries.execute(new GetAdminProduct(by, id));
  }
}
