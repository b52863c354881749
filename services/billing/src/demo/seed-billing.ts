import { randomUUID } from 'node:crypto';
import { demoPeople, demoId, DEFAULT_SEED } from '@tuerca/demo-data';
import { defaultValidityDays, type TransactionType } from '@tuerca/contracts';
import type { ContextDatabase } from '@tuerca/platform';

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
    for (const p of PLANS) {
      await em.execute(
        `insert into charging_plans (id, title, description, amount, price, currency, transaction_type, validity_days, store_plan, active, created_at, updated_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, true, ?, ?) on conflict (id) do nothing`,
        [
          demoId(seed, 'plan', p.key),
          p.title,
          p.description,
          p.amount,
          p.price,
          p.currency,
          p.type,
          defaultValidityDays(p.type),
          p.storePlan ?? false,
          now,
          now,
        ],
      );
    }
    const workshop = demoPeople(seed).find((u) => u.email === 'taller@tuerca.demo')!;
    const existing = await em.execute<{ n: string }[]>("select count(*) as n from balances where user_id = ? and source = 'manual'", [
      workshop.id,
    ]);
    if (Number(existing[0]!.n) === 0) {
      for (const [type, amount] of [
        ['plate_consultations', 8],
        ['catalog_consultations', 15],
        ['general_inquiries', 5],
      ] as const) {
        await em.execute(
          `insert into balances (id, user_id, type, amount, remaining, source, reason, credited_by, created_at, expires_at)
           values (?, ?, ?, ?, ?, 'manual', 'Saldo de demostración', 'seed', ?, ?)`,
          [randomUUID(), workshop.id, type, amount, amount, now, new Date(now.getTime() + 90 * 24 * 3600 * 1000)],
        );
      }
    }
  });
}
