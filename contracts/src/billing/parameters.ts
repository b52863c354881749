import { z } from 'zod';
import '../http/zod-es.js';
import { currencySchema } from './plans.js';

const count = z.coerce.number().int().min(0).max(100000);
const flag = z.union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')]);

/**
 * The app parameters, with the spec's exact names (001 §3, 000 §9) and Tuerca's defaults (the spec
 * does not give values). Operators edit them; every change is an event naming who changed it.
 */
export const APP_PARAMETERS = {
  substitutionsFreeConsultationsWhitouthLogin: {
    schema: count,
    default: 3,
    description: 'Sustituciones gratis para invitados sin aviso de inicio de sesión',
  },
  substitutionsFreeConsultationsWithLoginWarning: {
    schema: count,
    default: 5,
    description: 'Sustituciones de invitado a partir de las cuales se exige iniciar sesión',
  },
  substitutionsFreeConsultationsWithLogin: {
    schema: count,
    default: 10,
    description: 'Sustituciones gratis en 30 días para personas registradas',
  },
  plateFreeConsultationsWhitouthLogin: { schema: count, default: 1, description: 'Consultas por placa gratis para invitados sin aviso' },
  plateFreeConsultationsWithLoginWarning: {
    schema: count,
    default: 2,
    description: 'Consultas por placa de invitado a partir de las cuales se exige iniciar sesión',
  },
  catalogV2FreeConsultationsWhitouthLogin: {
    schema: count,
    default: 2,
    description: 'Consultas al catálogo gratis para invitados sin aviso',
  },
  catalogV2FreeConsultationsWithLoginWarning: {
    schema: count,
    default: 4,
    description: 'Consultas al catálogo de invitado a partir de las cuales se exige iniciar sesión',
  },
  catalogV2FreeConsultationsWithLogin: {
    schema: count,
    default: 10,
    description: 'Consultas al catálogo gratis en 30 días para personas registradas',
  },
  catalogV2FreeConsultationsShowingPartNumber: {
    schema: count,
    default: 3,
    description: 'Consultas en las que se muestran los números de parte sin plan',
  },
  catalogV2FreeConsultationsWhitouthLoginStore: {
    schema: count,
    default: 3,
    description: 'Tienda virtual: consultas al catálogo gratis para invitados sin aviso',
  },
  catalogV2FreeConsultationsWithLoginWarningStore: {
    schema: count,
    default: 6,
    description: 'Tienda virtual: consultas de invitado a partir de las cuales se exige iniciar sesión',
  },
  catalogV2FreeConsultationsWithLoginStore: {
    schema: count,
    default: 20,
    description: 'Tienda virtual: consultas gratis en 30 días para personas registradas',
  },
  catalogV2FreeConsultationsShowingPartNumberStore: {
    schema: count,
    default: 5,
    description: 'Tienda virtual: consultas en las que se muestran los números de parte',
  },
  isVirtualStore: { schema: flag, default: false, description: 'La instalación funciona como tienda virtual' },
  showProductReferences: { schema: flag, default: true, description: 'Mostrar referencias de producto en tiendas virtuales' },
  paymentCurrency: { schema: currencySchema, default: 'COP', description: 'Moneda de pago de los planes' },
  trialConsultationsAmount: { schema: count, default: 3, description: 'Consultas que otorga una solicitud de prueba' },
  trialConsultationsValidityDays: {
    schema: z.coerce.number().int().min(1).max(365),
    default: 30,
    description: 'Vigencia en días de las consultas de prueba',
  },
  freePublicationsInML: { schema: count, default: 20, description: 'Publicaciones gratis en Mercado Libre con la suscripción' },
  expiryReminderDays: {
    schema: z.coerce.number().int().min(1).max(30),
    default: 3,
    description: 'Días antes del vencimiento para recordar',
  },
  // The marketplace's checkout windows (its own read model follows AppParameterChanged).
  marketplaceReservationMinutes: {
    schema: z.coerce
      .number()
      .int()
      .min(5)
      .max(24 * 60),
    default: 30,
    description: 'Minutos que se reserva el stock de una compra en línea mientras se paga',
  },
  marketplacePaymentLinkHours: {
    schema: z.coerce
      .number()
      .int()
      .min(1)
      .max(7 * 24),
    default: 24,
    description: 'Horas de vigencia de un link de pago (el stock queda reservado mientras tanto)',
  },
  marketplaceOrderHoldHours: {
    schema: z.coerce
      .number()
      .int()
      .min(1)
      .max(14 * 24),
    default: 48,
    description: 'Horas que se reserva el stock de un pedido mientras el vendedor lo confirma y el comprador lo paga',
  },
  // Derecho de retracto (issue #13): business days after delivery a buyer may withdraw from an online purchase.
  // Colombia: 5 business days (Ley 1480 de 2011, art. 47); Mexico: 5 business days (LFPC art. 56, sales away from the store).
  marketplaceReturnWindowBusinessDaysCO: {
    schema: z.coerce.number().int().min(1).max(60),
    default: 5,
    description: 'Días hábiles desde la entrega para el derecho de retracto en Colombia (Ley 1480 de 2011, art. 47)',
  },
  marketplaceReturnWindowBusinessDaysMX: {
    schema: z.coerce.number().int().min(1).max(60),
    default: 5,
    description: 'Días hábiles desde la entrega para devolver una compra en México (LFPC art. 56)',
  },
} as const;

export type AppParameterName = keyof typeof APP_PARAMETERS;
export type AppParameters = { [K in AppParameterName]: z.infer<(typeof APP_PARAMETERS)[K]['schema']> };
export const APP_PARAMETER_NAMES = Object.keys(APP_PARAMETERS) as AppParameterName[];

export function defaultAppParameters(): AppParameters {
  return Object.fromEntries(APP_PARAMETER_NAMES.map((k) => [k, APP_PARAMETERS[k].default])) as AppParameters;
}

export function isAppParameterName(name: string): name is AppParameterName {
  return Object.prototype.hasOwnProperty.call(APP_PARAMETERS, name);
}

export const appParameterUpdateSchema = z.object({ value: z.unknown() });
