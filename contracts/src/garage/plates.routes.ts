import { z } from 'zod';
import { successSchema } from '../http/envelope.js';
import { LOGIN_PROMPTS, balanceViewSchema } from '../billing/metering.js';
import { defineRoute } from '../http/route.js';
import { plateLookupQuerySchema } from './plate.js';
import { garageVehicleSchema } from './vehicles.routes.js';

/** The free lookup takes no allowFreeSearches (spec 001 §7). */
export const freePlateLookupQuerySchema = plateLookupQuerySchema.omit({ allowFreeSearches: true });

/** An ALTCHA v2 challenge, answered bare: the widget reads it from its challenge URL as is. */
export const captchaChallengeSchema = z.object({
  parameters: z.looseObject({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    expiresAt: z.number().optional(),
  }),
  signature: z.string().optional(),
});

const nullableText = z.string().nullable();

/** The vehicle a plate lookup answers (spec 001 §3 names); the premium lookup adds the masked identity numbers and registration data. */
export const plateVehicleSchema = z.object({
  country: z.enum(['CO', 'MX']),
  license_plate: z.string(),
  brand_id: nullableText,
  brand: z.string(),
  model: z.string(),
  year: z.number().int(),
  cylinder_capacity: nullableText,
  number_of_cylinders: z.number().int().nullable(),
  class: nullableText,
  body_type: nullableText,
  fuel_type: nullableText,
  number_of_doors: z.number().int().nullable(),
  country_of_origin: nullableText,
  vin: nullableText.optional(),
  engine_code: nullableText.optional(),
  engine_number: nullableText.optional(),
  chassis_number: nullableText.optional(),
  color: nullableText.optional(),
  city: nullableText.optional(),
  /** The VIN sealed for the catalogue; null without a VIN. */
  catalogToken: nullableText,
});

/** spec 001 §3 "Quota metadata", plus the garage save and the free-search mode's denial. */
export const plateLookupMetadataSchema = z.object({
  consultationsByPlateAvailable: z.number().int(),
  consultationsAvailable: balanceViewSchema,
  generalInquiriesAvailable: balanceViewSchema,
  searchesPerformed: z.number().int(),
  loginPrompt: z.enum(LOGIN_PROMPTS),
  freeRemaining: z.number().int(),
  chargedFrom: z.string().optional(),
  /** The person's garage vehicle with that plate, when it was already there. */
  relatedVehicle: garageVehicleSchema.nullable(),
  savedToGarage: z.boolean().optional(),
  garageVehicleId: z.string().optional(),
  message: z.string().optional(),
  withoutConsultation: z.literal(true).optional(),
  denial: z.string().optional(),
});

const lookupResponse = successSchema(plateVehicleSchema.nullable(), plateLookupMetadataSchema);
const tags = ['garage'];

/** The plate lookup (spec 001 §4, §5, §7, §8) and its human check. */
export const garagePlatesRoutes = {
  captchaChallenge: defineRoute({
    method: 'GET',
    path: '/api/garage/captcha/challenge',
    summary: 'Reto ALTCHA (prueba de trabajo firmada, un solo uso, vence) para la consulta por placa',
    tags,
    response: captchaChallengeSchema,
    access: 'public',
  }),
  premium: defineRoute({
    method: 'GET',
    path: '/api/garage/vehicle/getVehicleForLicensePlatePremium',
    summary: 'Consulta por placa con el registro completo del vehículo (medida; se guarda en el garaje)',
    tags,
    query: plateLookupQuerySchema,
    response: lookupResponse,
    access: 'public',
    errors: [400, 401, 403, 404, 503],
  }),
  free: defineRoute({
    method: 'GET',
    path: '/api/garage/vehicle/getVehicleForLicensePlate',
    summary: 'Consulta por placa con los datos del modelo, sin VIN ni números de motor y chasis (medida)',
    tags,
    query: freePlateLookupQuerySchema,
    response: lookupResponse,
    access: 'public',
    errors: [400, 401, 403, 404, 503],
  }),
};
