import { Module } from '@nestjs/common';
import { ContextDatabaseModule } from '@tuerca/platform';
import { catalogDatabase } from './catalog.database.js';
import { BROWSE_CONTROLLERS, BROWSE_PROVIDERS } from './browse/index.js';
import { OLD_CATALOGUE_CONTROLLERS, OLD_CATALOGUE_PROVIDERS } from './old-catalogue/index.js';
import { VinController } from './vin/vin.controller.js';
import { LookupVinOrFrameHandler } from './vin/lookup-vin.command.js';
import { CheckVinHasCatalogHandler, VerifyVinForUserHandler } from './vin/check-vin.query.js';
import { VinResolver } from './vin/vin-resolver.js';
import { VehicleTokens } from './vin/vehicle-tokens.js';
import { VinDecoder } from './vin/vin-decoder.js';
import { VpicReader } from './vin/vpic.reader.js';
import { CatalogueVehiclesIndex } from './vin/catalogue-vehicles.index.js';
import { OemController } from './oem/oem.controller.js';
import { OemReader } from './oem/oem.reader.js';
import { FindCatalogsByOemHandler, FindVehicleByOemHandler } from './oem/find-by-oem.command.js';
import { SubstitutionsController } from './substitutions/substitutions.controller.js';
import { SubstitutionsReader } from './substitutions/substitutions.reader.js';
import { MeteredSubstitutions } from './substitutions/metered-substitutions.js';
import { GetManySubstitutionsHandler, GetSubstitutionsHandler } from './substitutions/get-substitutions.command.js';
import { SearchRecorder } from './searches/search-recorder.js';
import { LookupAnswers } from './catalogue/lookup-answers.js';
import { SsdCodec } from './ssd.js';
import { DrawingsController } from './drawings/drawings.controller.js';
import { GetUnitDiagramHandler } from './drawings/unit-diagram.query.js';
import { GetPartPhotoHandler } from './drawings/part-photo.query.js';
import { EXPORT_CONTROLLERS, EXPORT_PROVIDERS } from './export/index.js';
import { IMPORTS_CONTROLLERS, IMPORTS_PROVIDERS } from './imports/index.js';
import { BRAND_MAPPINGS_PROVIDERS } from './brand-mappings/index.js';
import { ADMIN_CONTROLLERS, ADMIN_PROVIDERS } from './admin/index.js';
import { CROSS_REFERENCES_CONTROLLERS, CROSS_REFERENCES_PROVIDERS } from './cross-references/index.js';

/**
 * Catalogue: original-parts catalogues (version 2 API), VIN and frame lookup, OEM drill-down,
 * substitutions, Excel export, Auto Care imports, cross-references.
 */
@Module({
  imports: [ContextDatabaseModule.forContext(catalogDatabase)],
  controllers: [
    ...BROWSE_CONTROLLERS,
    ...OLD_CATALOGUE_CONTROLLERS,
    VinController,
    OemController,
    SubstitutionsController,
    ...EXPORT_CONTROLLERS,
    ...IMPORTS_CONTROLLERS,
    ...ADMIN_CONTROLLERS,
    ...CROSS_REFERENCES_CONTROLLERS,
    DrawingsController,
  ],
  providers: [
    SsdCodec,
    GetUnitDiagramHandler,
    GetPartPhotoHandler,
    SearchRecorder,
    LookupAnswers,
    ...BROWSE_PROVIDERS,
    ...OLD_CATALOGUE_PROVIDERS,
    VpicReader,
    VinDecoder,
    CatalogueVehiclesIndex,
    VinResolver,
    VehicleTokens,
    LookupVinOrFrameHandler,
    CheckVinHasCatalogHandler,
    VerifyVinForUserHandler,
    OemReader,
    FindCatalogsByOemHandler,
    FindVehicleByOemHandler,
    SubstitutionsReader,
    MeteredSubstitutions,
    GetSubstitutionsHandler,
    GetManySubstitutionsHandler,
    ...EXPORT_PROVIDERS,
    ...IMPORTS_PROVIDERS,
    ...BRAND_MAPPINGS_PROVIDERS,
    ...ADMIN_PROVIDERS,
    ...CROSS_REFERENCES_PROVIDERS,
  ],
})
export class CatalogModule {}
