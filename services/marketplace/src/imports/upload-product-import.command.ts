import { randomUUID } from 'node:crypto';
import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { t, type ImportBody, type ImportDetail } from '@tuerca/contracts';
import { Clock, ContextDatabase, Jobs, NotFoundError, ValidationError, actorOf, type Visitor } from '@tuerca/platform';
import { Store } from '../stores/store.entity.js';
import { actingStoreId } from '../stores/store-access.js';
import { PRODUCT_IMPORT_ATTEMPTS, ProductImportJob, productImportJobId } from './product-import.job.js';
import { ProductImport } from './product-import.entity.js';
import { importDetailOf } from './import-view.js';
import { RejectProductImport } from './run-product-import.command.js';
import { SpreadsheetError, checkFileSize, formatOf, type SpreadsheetFormat } from './spreadsheet.js';

/** The file's bytes, or a Spanish 400: an unknown extension, an empty or too large file. Nothing is parsed here. */
function decodeUpload(body: ImportBody): { format: SpreadsheetFormat; bytes: Buffer } {
  const refuse = (path: string, message: string): never => {
    throw new ValidationError([message], [{ path, message }]);
  };
  const format = formatOf(body.fileName) ?? refuse('fileName', t('productImports.unsupportedFormat'));
  const bytes = Buffer.from(body.contentBase64.replace(/\s+/g, ''), 'base64');
  try {
    checkFileSize(bytes);
  } catch (error) {
    if (error instanceof SpreadsheetError) refuse('contentBase64', error.message);
    throw error;
  }
  return { format, bytes };
}

/**
 * POST /api/catalogo/products/imports (and the console's create): the file is stored with the import, queued,
 * and its job scheduled; answered at once. The file is only read by the job (in the worker role), so a
 * hostile spreadsheet never holds up a request (issue 20 §1).
 */
export class UploadProductImport extends Command<ImportDetail> {
  constructor(
    readonly by: Visitor,
    readonly body: ImportBody,
  ) {
    super();
  }
}

@CommandHandler(UploadProductImport)
export class UploadProductImportHandler implements ICommandHandler<UploadProductImport> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
    private readonly jobs: Jobs,
    private readonly commands: CommandBus,
  ) {}

  async execute({ by, body }: UploadProductImport): Promise<ImportDetail> {
    const storeId = actingStoreId(by, body.storeId);
    const { format, bytes } = decodeUpload(body);
    const created = await this.db.transactional(async (em) => {
      const store = await em.findOne(Store, { id: storeId });
      if (!store) throw new NotFoundError();
      return em.create(ProductImport, {
        id: randomUUID(),
        store,
        fileName: body.fileName,
        format,
        status: 'queued',
        progress: 0,
        rowCount: 0,
        inserted: 0,
        updated: 0,
        errorCount: 0,
        errors: [],
        content: bytes,
        createdBy: actorOf(by).id,
        createdAt: this.clock.now(),
        finishedAt: null,
      });
    });
    try {
      await this.jobs.schedule(
        ProductImportJob,
        { importId: created.id },
        { jobId: productImportJobId(created.id), attempts: PRODUCT_IMPORT_ATTEMPTS },
      );
    } catch (error) {
      await this.commands.execute(
        new RejectProductImport(created.id, [{ row: null, column: null, message: t('productImports.failed') }], 0),
      );
      throw error;
    }
    return importDetailOf({ ...created, store: storeId });
  }
}
