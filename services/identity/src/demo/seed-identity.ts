import { demoPeople, DEFAULT_SEED } from '@tuerca/demo-data';
import type { ContextDatabase } from '@tuerca/platform';
import { hashPassword } from '../auth/password.js';
import { User } from '../users/user.entity.js';

/** The password of every demo account (README lists the accounts). */
export const DEMO_PASSWORD = 'Tuerca2026!';

/** Writes the demo accounts into identity's own tables; running it again changes nothing. */
export async function seedIdentity(db: ContextDatabase, options: { seed?: number } = {}): Promise<number> {
  const people = demoPeople(options.seed ?? DEFAULT_SEED);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transactional(async (em) => {
    for (const p of people) {
      const existing = await em.findOne(User, { email: p.email });
      if (existing) continue;
      em.persist(
        em.create(User, {
          id: p.id,
          email: p.email,
          passwordHash,
          name: p.name,
          mobile: p.mobile || null,
          roles: p.roles,
          country: p.country,
          storeId: p.storeId,
          downloadPartsCatalog: p.downloadPartsCatalog,
          signUpCompleted: p.signUpCompleted,
          active: true,
          createdAt: new Date(),
          updatedAt: new Date(),
          lastLoginAt: null,
        }),
      );
    }
    await em.flush();
  });
  return people.length;
}
