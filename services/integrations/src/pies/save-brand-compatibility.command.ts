import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  BrandMappingRemoved,
  BrandMappingSaved,
  ErrorCodes,
  SYSTEM_ACTOR,
  brandLabelKey,
  t,
  type Actor,
  type BrandCompatibility as BrandCompatibilityView,
} from '@tuerca/contracts';
import { Clock, ContextDatabase, DomainError, NotFoundError, ValidationError, kysely, recordEvent } from '@tuerca/platform';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { IntegrationsDB } from '../integrations.database.js';
import { toCompatibilityView } from './pies.rules.js';

/** Create (no id) or change (id) one of a store's brand mappings. */
export class SaveBrandCompatibility extends Command<BrandCompatibilityView> {
  constructor(
    /** null: an operator, any store's mapping. */
    readonly storeId: string | null,
    readonly input: { product_brand?: string; brand_aaiaid?: string },
    readonly id?: string,
    readonly actor: Actor = SYSTEM_ACTOR,
  ) {
    super();
  }
}

@CommandHandler(SaveBrandCompatibility)
export class SaveBrandCompatibilityHandler implements ICommandHandler<SaveBrandCompatibility> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  execute({ storeId, input, id, actor }: SaveBrandCompatibility): Promise<BrandCompatibilityView> {
    return this.db.transactional(async (em) => {
      const k = kysely<IntegrationsDB>(em);
      const now = this.clock.now();
      const current = id
        ? await k
            .selectFrom('BrandCompatibility')
            .selectAll()
            .where('id', '=', id)
            .$if(storeId !== null, (q) => q.where('storeId', '=', storeId!))
            .forUpdate()
            .executeTakeFirst()
        : undefined;
      if (id && !current) throw new NotFoundError(t('integrations.pies.notFound'));
      const store = current?.storeId ?? storeId;
      if (!store) throw new NotFoundError(t('integrations.pies.notFound'));
      const code = input.brand_aaiaid ?? current!.brandAaiaid;
      const label = input.product_brand ?? current!.productBrand;
      const key = brandLabelKey(label);
      if (!key) throw new ValidationError([t('validation.invalidValue')]);
      const brand = await k.selectFrom('PiesBrand').select(['brandName']).where('brandAaiaid', '=', code).executeTakeFirst();
      if (!brand) throw new ValidationError([t('integrations.pies.brandNotFound', { code })]);
      const clash = await k
        .selectFrom('BrandCompatibility')
        .select(['id'])
        .where('storeId', '=', store)
        .where('brandKey', '=', key)
        .executeTakeFirst();
      if (clash && clash.id !== id)
        throw new DomainError(409, ErrorCodes.VALIDATION_FAILED, [t('integrations.pies.duplicate', { brand: label })]);
      const row = current
        ? await k
            .updateTable('BrandCompatibility')
            .set({ productBrand: label, brandKey: key, brandAaiaid: code, updatedAt: now })
            .where('id', '=', current.id)
            .returningAll()
            .executeTakeFirstOrThrow()
        : await k
            .insertInto('BrandCompatibility')
            .values({
              id: randomUUID(),
              storeId: store,
              productBrand: label,
              brandKey: key,
              brandAaiaid: code,
              createdAt: now,
              updatedAt: now,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
      announceMapping(em, { ...row, brandName: brand.brandName }, actor, now);
      return toCompatibilityView({ ...row, brandName: brand.brandName });
    });
  }
}

/** spec "DELETE .../deleteOne with data (JSON)": one of the store's mappings removed. */
export class RemoveBrandCompatibility extends Command<BrandCompatibilityView> {
  constructor(
    /** null: an operator, any store's mapping. */
    readonly storeId: string | null,
    readonly id: string,
    readonly actor: Actor = SYSTEM_ACTOR,
  ) {
    super();
  }
}

@CommandHandler(RemoveBrandCompatibility)
export class RemoveBrandCompatibilityHandler implements ICommandHandler<RemoveBrandCompatibility> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  execute({ storeId, id, actor }: RemoveBrandCompatibility): Promise<BrandCompatibilityView> {
    return this.db.transactional(async (em) => {
      const k = kysely<IntegrationsDB>(em);
      const row = await k
        .deleteFrom('BrandCompatibility')
        .where('id', '=', id)
        .$if(storeId !== null, (q) => q.where('storeId', '=', storeId!))
        .returningAll()
        .executeTakeFirst();
      if (!row) throw new NotFoundError(t('integrations.pies.notFound'));
      recordEvent(
        em,
        BrandMappingRemoved,
        { mappingId: row.id, storeId: row.storeId, brandKey: row.brandKey },
        { aggregateId: row.id, actor, occurredAt: this.clock.now() },
      );
      const brand = await k.selectFrom('PiesBrand').select(['brandName']).where('brandAaiaid', '=', row.brandAaiaid).executeTakeFirst();
      return toCompatibilityView({ ...row, brandName: brand?.brandName ?? row.brandAaiaid });
    });
  }
}

/** The operator's import of Auto Care's brand table: new codes inserted, known ones renamed. */
export class ImportPiesBrands extends Command<{ inserted: number; updated: number }> {
  constructor(
    readonly brands: { brand_aaiaid: string; brand_name: string; brand_owner?: string | null; parent_company?: string | null }[],
  ) {
    super();
  }
}

@CommandHandler(ImportPiesBrands)
export class ImportPiesBrandsHandler implements ICommandHandler<ImportPiesBrands> {
  constructor(
    private readonly db: ContextDatabase,
    private readonly clock: Clock,
  ) {}

  execute({ brands }: ImportPiesBrands) {
    return this.db.transactional(async (em) => {
      const k = kysely<IntegrationsDB>(em);
      const now = this.clock.now();
      const unique = new Map(brands.map((b) => [b.brand_aaiaid, b]));
      const codes = [...unique.keys()];
      const known = new Set(
        (await k.selectFrom('PiesBrand').select(['brandAaiaid']).where('brandAaiaid', 'in', codes).execute()).map((r) => r.brandAaiaid),
      );
      const rows = [...unique.values()].map((b) => ({
        brandAaiaid: b.brand_aaiaid,
        brandName: b.brand_name,
        brandKey: brandLabelKey(b.brand_name),
        brandOwner: b.brand_owner ?? null,
        parentCompany: b.parent_company ?? null,
        updatedAt: now,
      }));
      for (let i = 0; i < rows.length; i += 1000) {
        await k
          .insertInto('PiesBrand')
          .values(rows.slice(i, i + 1000))
          .onConflict((oc) =>
            oc.column('brandAaiaid').doUpdateSet((eb) => ({
              brandName: eb.ref('excluded.brandName'),
              brandKey: eb.ref('excluded.brandKey'),
              brandOwner: eb.ref('excluded.brandOwner'),
              parentCompany: eb.ref('excluded.parentCompany'),
              updatedAt: eb.ref('excluded.updatedAt'),
            })),
          )
          .execute();
      }
      // A brand renamed in the new table changes the brand its mapped products take elsewhere.
      for (let i = 0; i < codes.length; i += 1000) {
        const mappings = await k
          .selectFrom('BrandCompatibility as c')
          .innerJoin('PiesBrand as b', 'b.brandAaiaid', 'c.brandAaiaid')
          .select(['c.id', 'c.storeId', 'c.productBrand', 'c.brandKey', 'c.brandAaiaid', 'b.brandName', 'c.updatedAt'])
          .where('c.brandAaiaid', 'in', codes.slice(i, i + 1000))
          .execute();
        for (const m of mappings) announceMapping(em, m, SYSTEM_ACTOR, now);
      }
      return { inserted: codes.length - known.size, updated: known.size };
    });
  }
}

/** A mapping's whole state into the outbox, for the marketplace's and the catalogue's copies (their imports use it). */
function announceMapping(
  em: EntityManager,
  m: { id: string; storeId: string; productBrand: string; brandKey: string; brandAaiaid: string; brandName: string },
  actor: Actor,
  at: Date,
): void {
  recordEvent(
    em,
    BrandMappingSaved,
    {
      mappingId: m.id,
      storeId: m.storeId,
      productBrand: m.productBrand,
      brandKey: m.brandKey,
      brandAaiaid: m.brandAaiaid,
      brandName: m.brandName,
      updatedAt: at.toISOString(),
    },
    { aggregateId: m.id, actor, occurredAt: at },
  );
}
