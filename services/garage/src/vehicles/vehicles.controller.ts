import { Body, Controller, Delete, Get, Header, Param, Patch, Post, Query, StreamableFile } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { t, vehicleInputSchema } from '@tuerca/contracts';
import { Access, CurrentVisitor, NotFoundError, Page, actorOf, ok, parseInput, zod, type Visitor } from '@tuerca/platform';
import { CreateVehicleCommand, RemoveVehicleCommand, UpdateVehicleCommand } from './vehicle.commands.js';
import { SaveVehicleImagesCommand, VehicleImagesReader } from './vehicle-images.js';
import { toVehicleView } from './vehicle.rules.js';
import { VehiclesReader } from './vehicles.reader.js';
import {
  saveVehicleImagesSchema,
  vehicleImagesQuerySchema,
  vehicleListFilterSchema,
  vehicleListQuerySchema,
  vehiclePatchSchema,
  type VehicleListQuery,
} from './vehicles.routes.js';

const userOf = (visitor: Visitor): string => visitor.user!.id;

/**
 * The garage (spec 001 §7 "Plate lookup and garage"): a logged-in person's own vehicles. Every id that
 * is not theirs answers 404. There is no GET /:id (the spec has none, and the plate lookup's GET paths
 * live beside these); PATCH and DELETE take the id.
 */
@Controller('api/garage/vehicle')
@Access('user')
export class VehiclesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly reader: VehiclesReader,
    private readonly images: VehicleImagesReader,
  ) {}

  @Get()
  async list(@Query(zod(vehicleListQuerySchema)) query: VehicleListQuery, @CurrentVisitor() visitor: Visitor) {
    const filter = parseInput(vehicleListFilterSchema, query.filter);
    const { rows, total } = await this.reader.list(userOf(visitor), filter, query);
    return new Page(rows.map(toVehicleView), total, query);
  }

  /** A number in data (spec 001 §7; the console treats a failure as 0). */
  @Get('countVehicles')
  async count(@CurrentVisitor() visitor: Visitor) {
    return ok(await this.reader.count(userOf(visitor)));
  }

  @Get('getVehicleImages')
  async vehicleImages(@Query(zod(vehicleImagesQuerySchema)) query: { id: string }, @CurrentVisitor() visitor: Visitor) {
    return ok(await this.images.list(userOf(visitor), query.id));
  }

  /** The stored image itself, for its owner only. */
  @Get('images/:imageId')
  @Header('cache-control', 'private, max-age=300')
  @Header('x-content-type-options', 'nosniff')
  async image(@Param('imageId') imageId: string, @CurrentVisitor() visitor: Visitor) {
    const { data, contentType } = await this.images.file(userOf(visitor), imageId);
    return new StreamableFile(data, { type: contentType, length: data.length });
  }

  @Patch('saveVehicleImages')
  async saveImages(@Body() raw: unknown, @CurrentVisitor() visitor: Visitor) {
    const input = parseInput(saveVehicleImagesSchema, raw ?? {});
    const images = await this.commands.execute(new SaveVehicleImagesCommand(userOf(visitor), input, actorOf(visitor)));
    return ok(images, { message: t('garage.imagesSaved') });
  }

  @Post()
  async create(@Body() raw: unknown, @CurrentVisitor() visitor: Visitor) {
    const input = parseInput(vehicleInputSchema, raw ?? {});
    const vehicle = await this.commands.execute(new CreateVehicleCommand(userOf(visitor), input, actorOf(visitor)));
    return ok(vehicle, { message: t('garage.vehicleCreated') });
  }

  /**
   * The spec writes the list path with a trailing slash (GET and POST /garage/vehicle/); Fastify keeps
   * '/api/garage/vehicle' and '/api/garage/vehicle/' apart, so the slash form is this catch-all. Static
   * routes (countVehicles, the plate lookup's, billing's getConsultationsByPlateAvailable) win over it.
   */
  @Get('*')
  async listAtSpecPath(@Param() params: Record<string, string>, @Query() rawQuery: unknown, @CurrentVisitor() visitor: Visitor) {
    if (params['*'] !== '') throw new NotFoundError();
    return this.list(parseInput(vehicleListQuerySchema, rawQuery ?? {}), visitor);
  }

  @Post('*')
  async createAtSpecPath(@Param() params: Record<string, string>, @Body() raw: unknown, @CurrentVisitor() visitor: Visitor) {
    if (params['*'] !== '') throw new NotFoundError();
    return this.create(raw, visitor);
  }

  @Patch(':id')
  async update(@Param('id') id: string, @Body() raw: unknown, @CurrentVisitor() visitor: Visitor) {
    const patch = parseInput(vehiclePatchSchema, raw ?? {});
    const vehicle = await this.commands.execute(new UpdateVehicleCommand(userOf(visitor), id, patch, actorOf(visitor)));
    return ok(vehicle, { message: t('garage.vehicleUpdated') });
  }

  @Delete(':id')
  async remove(@Param('id') id: string, @CurrentVisitor() visitor: Visitor) {
    const removed = await this.commands.execute(new RemoveVehicleCommand(userOf(visitor), id, actorOf(visitor)));
    return ok(removed, { message: t('garage.vehicleRemoved') });
  }
}
