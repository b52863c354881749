import { Controller } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { catalogDataRoutes as routes, categoryFilterSchema, type RouteInput } from '@tuerca/contracts';
import { Bind, Input, ok, pageWindow, parseInput } from '@tuerca/platform';
import { FindImages } from './find-images.query.js';
import { ListCategories } from './list-categories.query.js';

/** Product categories and images as sellers published them (spec 000 §7), from the search read model. */
@Controller()
export class CatalogDataController {
  constructor(private readonly queries: QueryBus) {}

  @Bind(routes.categories)
  async categories(@Input() { query }: RouteInput<typeof routes.categories>) {
    const { name } = parseInput(categoryFilterSchema, query.filter);
    return ok(await this.queries.execute(new ListCategories(name, pageWindow(query))));
  }

  @Bind(routes.findImage)
  async findImage(@Input() { query }: RouteInput<typeof routes.findImage>) {
    return ok(await this.queries.execute(new FindImages(query.references, query.storeId ?? null)));
  }

  @Bind(routes.imageRegistration)
  async imageRegistration(@Input() { query }: RouteInput<typeof routes.imageRegistration>) {
    const [found] = await this.queries.execute(new FindImages([query.reference], query.storeId));
    return ok(found ?? { reference: query.reference, images: [] });
  }
}
