import { Migration } from '@mikro-orm/migrations';

/**
 * Privacy of a plate lookup: identity numbers (VIN, engine and chassis numbers) a registry supplied are
 * remembered as such and shown masked, even in the garage of the person whose lookup saved them; the
 * catalogue is asked for its answer directly (VINHasCatalog with an opaque token), so the VIN → catalogue
 * copy kept from lookups that happened to run goes.
 */
export class Migration002IdentityPrivacy extends Migration {
  override name = 'Migration002IdentityPrivacy';

  override up(): void {
    this.addSql(`alter table vehicles add column registry_fields text[] not null default '{}'`);
    this.addSql(`
      update vehicles set registry_fields = array_remove(array[
          case when vin is not null then 'vin' end,
          case when details ? 'engine_number' then 'engine_number' end,
          case when details ? 'chassis_number' then 'chassis_number' end
        ], null)
      where source = 'plate-lookup'`);
    this.addSql(`drop table if exists vin_catalog`);
  }
}
