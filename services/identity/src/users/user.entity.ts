import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Role } from '@tuerca/contracts';

@Entity({ tableName: 'users' })
export class User {
  @PrimaryKey({ type: 'uuid' })
  id!: string;

  /** Stored lower-cased and trimmed; unique. */
  @Property({ type: 'text', unique: true })
  email!: string;

  @Property({ type: 'text', hidden: true })
  passwordHash!: string;

  @Property({ type: 'text', nullable: true })
  name: string | null = null;

  @Property({ type: 'text', nullable: true })
  mobile: string | null = null;

  @Property({ type: 'text[]' })
  roles: Role[] = ['customer'];

  /** Permission flag of the spec: may export a parts catalogue to a spreadsheet. */
  @Property({ type: 'boolean' })
  downloadPartsCatalog = false;

  /** Quotes, questions and purchases need a completed sign-up (name, mobile, country). */
  @Property({ type: 'boolean' })
  signUpCompleted = false;

  @Property({ type: 'text' })
  country: 'CO' | 'MX' = 'CO';

  @Property({ type: 'uuid', nullable: true })
  @Index()
  storeId: string | null = null;

  @Property({ type: 'boolean' })
  active = true;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  lastLoginAt: Date | null = null;
}
