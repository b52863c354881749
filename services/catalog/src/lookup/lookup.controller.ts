import { Controller, Get, Query } from '@nestjs/common';
import { Access, CurrentVisitor, zod, type Visitor } from '@tuerca/platform';
import { LookupService } from './lookup.service.js';
import {
  findCatalogsByOemQuerySchema,
  findVehicleByOemQuerySchema,
  manySubstitutionsQuerySchema,
  substitutionsQuerySchema,
  vinOrFrameQuerySchema,
  vinQuerySchema,
  type FindCatalogsByOemQuery,
  type FindVehicleByOemQuery,
  type ManySubstitutionsQuery,
  type SubstitutionsQuery,
  type VinOrFrameQuery,
  type VinQuery,
} from './lookup.routes.js';

@Controller('api/catalogo')
@Access('public')
export class LookupController {
  constructor(private readonly lookup: LookupService) {}

  @Get('catalogV2/vehicleByVinOrFrame')
  vehicleByVinOrFrame(@CurrentVisitor() visitor: Visitor, @Query(zod(vinOrFrameQuerySchema)) query: VinOrFrameQuery) {
    return this.lookup.vehicleByVinOrFrame(visitor, query);
  }

  @Get('catalogV2/VINHasCatalog')
  vinHasCatalog(@Query(zod(vinQuerySchema)) query: VinQuery) {
    return this.lookup.vinHasCatalog(query.VIN);
  }

  @Get('catalogV2/verifyVinInCatalogForActiveUser')
  @Access('user')
  verifyVin(@Query(zod(vinQuerySchema)) query: VinQuery) {
    return this.lookup.verifyVinForUser(query.VIN);
  }

  @Get('catalogV2/findCatalogsByOem')
  findCatalogsByOem(@CurrentVisitor() visitor: Visitor, @Query(zod(findCatalogsByOemQuerySchema)) query: FindCatalogsByOemQuery) {
    return this.lookup.findCatalogsByOem(visitor, query);
  }

  @Get('catalogV2/findVehicleByOem')
  findVehicleByOem(@CurrentVisitor() visitor: Visitor, @Query(zod(findVehicleByOemQuerySchema)) query: FindVehicleByOemQuery) {
    return this.lookup.findVehicleByOem(visitor, query);
  }

  @Get('catalogSubstitutions/getSubstitutions')
  getSubstitutions(@CurrentVisitor() visitor: Visitor, @Query(zod(substitutionsQuerySchema)) query: SubstitutionsQuery) {
    return this.lookup.getSubstitutions(visitor, query.reference);
  }

  @Get('catalogSubstitutions/getManySubstitutions')
  getManySubstitutions(@CurrentVisitor() visitor: Visitor, @Query(zod(manySubstitutionsQuerySchema)) query: ManySubstitutionsQuery) {
    return this.lookup.getManySubstitutions(visitor, query);
  }
}
