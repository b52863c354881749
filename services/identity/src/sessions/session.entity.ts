import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { User } from '../users/user.entity.js';

/**
 * A logged-in session. The cookie carries a random token; only its SHA-256 is stored, so a leaked
 * table does not leak sessions.
 */
@Entity({ tableName: 'sessions' })
export class Session {
  @PrimaryKey({ type: 'text' })
  tokenHash!: string;

  @ManyToOne(() => User, { fieldName: 'user_id', deleteRule: 'cascade' })
  @Index()
  user!: User;

  /** The visitor id the person browsed with before logging in. */
  @Property({ type: 'text' })
  guestId!: string;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz' })
  expiresAt!: Date;

  @Property({ type: 'timestamptz', nullable: true })
  revokedAt: Date | null = null;

  @Property({ type: 'text', nullable: true })
  ip: string | null = null;

  @Property({ type: 'text', nullable: true })
  userAgent: string | null = null;
}
