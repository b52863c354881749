import { Controller, Header, StreamableFile } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { garageVehiclesRoutes as routes, t, vehicleListFilterSchema, type RouteInput } from '@tuerca/contracts';
import { Bind, CurrentVisitor, Input, Page, actorOf, ok, pageWindow, parseInput, type Visitor } from '@tuerca/platform';
import { CountVehicles } from './count-vehicles.query.js';
import { CreateVehicle } from './create-vehicle.command.js';
import { GetVehicleImage } from './get-vehicle-image.query.js';
import { ListVehicleImages } from './list-vehicle-images.query.js';
import { ListVehicles } from './list-vehicles.query.js';
import { RemoveVehicle } from './remove-vehicle.command.js';
import { SaveVehicleImages } from './save-vehicle-images.command.js';
import { UpdateVehicle } from './update-vehicle.command.js';

const userOf = (visitor: Visitor): string => visitor.user!.id;

/**
 * The garage (spec 001 §7 "Plate lookup and garage"): a logged-in person's own vehicles. Every id that
 * is not theirs answers 404. There is no GET /:id (the spec has none, and the plate lookup's GET paths
 * live beside these); PATCH and DELETE take the id.
 */
@Controller()
export class VehiclesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Bind(routes.list)
  async list(@Input() { query }: RouteInput<typeof routes.list>, @CurrentVisitor() visitor: Visitor) {
    const filter = parseInput(vehicleListFilterSchema, query.filter);
    const { rows, total } = await this.queries.execute(new ListVehicles(userOf(visitor), filter, pageWindow(query)));
    return new Page(rows, total, query);
  }

  /** A number in data (spec 001 §7; the console treats a failure as 0). */
  @Bind(routes.count)
  async count(@CurrentVisitor() visitor: Visitor) {
    return ok(await this.queries.execute(new CountVehicles(userOf(visitor))));
  }

  @Bind(routes.images)
  async images(@Input() { query }: RouteInput<typeof routes.images>, @CurrentVisitor() visitor: Visitor) {
    return ok(await this.queries.execute(new ListVehicleImages(userOf(visitor), query.id)));
  }

  /** The stored image itself, for its owner only. */
  @Bind(routes.image)
  @Header('cache-control', 'private, max-age=300')
  @Header('x-content-type-options', 'nosniff')
  async image(@Input() { params }: RouteInput<typeof routes.image>, @CurrentVisitor() visitor: Visitor) {
    const { data, contentType } = await this.queries.execute(new GetVehicleImage(userOf(visitor), params.imageId));
    return new StreamableFile(data, { type: contentType, length: data.length });
  }

  @Bind(routes.saveImages)
  async saveImages(@Input() { body }: RouteInput<typeof routes.saveImages>, @CurrentVisitor() visitor: Visitor) {
    const images = await this.commands.execute(new SaveVehicleImages(userOf(visitor), body, actorOf(visitor)));
    return ok(images, { message: t('garage.imagesSaved') });
  }

  @Bind(routes.create)
  async create(@Input() { body }: RouteInput<typeof routes.create>, @CurrentVisitor() visitor: Visitor) {
    const vehicle = await this.commands.execute(new CreateVehicle(userOf(visitor), body, actorOf(visitor)));
    return ok(vehicle, { message: t('garage.vehicleCreated') });
  }

  @Bind(routes.update)
  async update(@Input() { params, body }: RouteInput<typeof routes.update>, @CurrentVisitor() visitor: Visitor) {
    const vehicle = await this.commands.execute(new UpdateVehicle(userOf(visitor), params.id, body, actorOf(visitor)));
    return ok(vehicle, { message: t('garage.vehicleUpdated') });
  }

  @Bind(routes.remove)
  async remove(@Input() { params }: RouteInput<typeof routes.remove>, @CurrentVisitor() visitor: Visitor) {
    const removed = await this.commands.execute(new RemoveVehicle(userOf(visitor), params.id, actorOf(visitor)));
    return ok(removed, { message: t('garage.vehicleRemoved') });
  }
}
