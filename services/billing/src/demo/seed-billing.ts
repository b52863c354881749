import { randomUUID } from 'node:crypto';
import { demoPeople, demoId, DEFAULT_SEED } from '@tuerca/demo-data';
import { defaultValidityDays, type TransactionType } from '@tuerca/contracts';
import { kysely, type ContextDatabase } from '@tuerca/platform';
import type { BillingDB } from '../billing.database.js';
import { expiryOf, reminderOf } from '../balances/balance.rules.js';

interface DemoPlan {
  key: string;
  title: string;
  description: string;
  amount: number;
  price: number;
  currency: 'COP' | 'MXN';
  type: TransactionType;
  storePlan?: boolean;
}

/** Plans priced as a Colombian workshop would expect (COP), with Mexican ones in MXN. */
const PLANS: DemoPlan[] = [
  {
    key: 'plate-10',
    title: 'Placas 10',
    description: '10 consultas por placa con datos del vehículo y guardado en tu garaje.',
    amount: 10,
    price: 19900,
    currency: 'COP',
    type: 'plate_consultations',
  },
  {
    key: 'plate-50',
    title: 'Placas 50',
    description: '50 consultas por placa para talleres con alto flujo de vehículos.',
    amount: 50,
    price: 79900,
    currency: 'COP',
    type: 'plate_consultations',
  },
  {
    key: 'catalog-20',
    title: 'Catálogo 20',
    description: '20 consultas al catálogo de partes originales con diagramas despiezados.',
    amount: 20,
    price: 24900,
    currency: 'COP',
    type: 'catalog_consultations',
  },
  {
    key: 'catalog-100',
    title: 'Catálogo 100',
    description: '100 consultas al catálogo original: ideal para talleres multimarca.',
    amount: 100,
    price: 99900,
    currency: 'COP',
    type: 'catalog_consultations',
  },
  {
    key: 'subs-30',
    title: 'Sustituciones 30',
    description: '30 consultas de números de parte equivalentes (Bosch, Mann-Filter, NGK, ...).',
    amount: 30,
    price: 29900,
    currency: 'COP',
    type: 'substitutions_consultations',
  },
  {
    key: 'general-25',
    title: 'Consultas generales 25',
    description: '25 consultas que sirven para placa, catálogo o sustituciones.',
    amount: 25,
    price: 49900,
    currency: 'COP',
    type: 'general_inquiries',
  },
  {
    key: 'ml-integration',
    title: 'Integración Mercado Libre',
    description: 'Publica tu inventario en Mercado Libre Colombia durante 30 días.',
    amount: 1,
    price: 149900,
    currency: 'COP',
    type: 'marketplace_integration',
    storePlan: true,
  },
  {
    key: 'orders-100',
    title: 'Pedidos 100',
    description: '100 pedidos a proveedores durante 30 días.',
    amount: 100,
    price: 59900,
    currency: 'COP',
    type: 'orders',
    storePlan: true,
  },
  {
    key: 'images-500',
    title: 'Imágenes de productos 500',
    description: 'Carga de 500 imágenes de productos para tu tienda.',
    amount: 500,
    price: 89900,
    currency: 'COP',
    type: 'product_images',
    storePlan: true,
  },
  {
    key: 'mx-catalog-20',
    title: 'Catálogo 20 (México)',
    description: '20 consultas al catálogo original para refaccionarias en México.',
    amount: 20,
    price: 149,
    currency: 'MXN',
    type: 'catalog_consultations',
  },
];

/** Demo plans and a few balances (the workshop has some of each); idempotent. */
export async function seedBilling(db: ContextDatabase, options: { seed?: number } = {}): Promise<void> {
  const seed = options.seed ?? DEFAULT_SEED;
  const now = new Date();
  await db.transactional(async (em) => {
    const k = kysely<BillingDB>(em);
    await k
      .insertInto('ChargingPlan')
      .values(
        PLANS.map((p) => ({
          id: demoId(seed, 'plan', p.key),
          title: p.title,
          description: p.description,
          amount: p.amount,
          price: p.price.toFixed(2),
          currency: p.currency,
          transactionType: p.type,
          validityDays: defaultValidityDays(p.type),
          storePlan: p.storePlan ?? false,
          active: true,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    const workshop = demoPeople(seed).find((u) => u.email === 'taller@tuerca.demo')!;
    const existing = await k
      .selectFrom('Balance')
      .select('id')
      .where('userId', '=', workshop.id)
      .where('source', '=', 'manual')
      .executeTakeFirst();
    if (!existing) {
      const balances = [
        ['plate_consultations', 8],
        ['catalog_consultations', 15],
        ['general_inquiries', 5],
      ] as const;
      await k
        .insertInto('Balance')
        .values(
          balances.map(([type, amount]) => ({
            id: randomUUID(),
            userId: workshop.id,
            type,
            amount,
            remaining: amount,
            source: 'manual' as const,
            reason: 'Saldo de demostración',
            creditedBy: 'seed',
            createdAt: now,
            expiresAt: expiryOf(now, 90),
            remindAt: reminderOf(expiryOf(now, 90), 3, now),
          })),
        )
        .execute();
    }
  });
}
