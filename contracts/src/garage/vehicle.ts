import { z } from 'zod';
import { requiredField } from '../http/zod-es.js';
import { t } from '../messages/format.js';

const text = (max: number) =>
  z
    .string(requiredField)
    .trim()
    .min(1, { error: t('validation.required') })
    .max(max);
const optionalText = (max: number) => z.string().trim().max(max).optional().nullable();

/** spec 001 §5: year 1901–2155, 'Año inválido'. */
export const vehicleYearSchema = z.coerce
  .number({ error: t('vehicleForm.invalidYear') })
  .int({ error: t('vehicleForm.invalidYear') })
  .min(1901, { error: t('vehicleForm.invalidYear') })
  .max(2155, { error: t('vehicleForm.invalidYear') });

/** spec 001 §5: a VIN has exactly 17 characters ('El VIN debe ser de 17 caracteres'). */
export const formVinSchema = z
  .string()
  .trim()
  .toUpperCase()
  .refine((v) => v.length === 17, { error: t('vehicleForm.vinLength') })
  .refine((v) => /^[A-Z0-9]{17}$/.test(v), { error: t('vehicleForm.vinLength') });

/** spec 001 §5: the form's plate is required, alphanumeric, 5 to 8 characters. */
export const formPlateSchema = z
  .string(requiredField)
  .trim()
  .toUpperCase()
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .min(5, { error: 'Debe tener al menos 5 caracteres' })
      .max(8, { error: 'Debe tener como máximo 8 caracteres' })
      .regex(/^[A-Z0-9]+$/, { error: t('validation.lettersAndDigits') }),
  );

const common = {
  brand_id: z.string().trim().max(64).optional().nullable(),
  brand: text(60),
  model: text(80),
  year: vehicleYearSchema,
  vin: formVinSchema.optional().nullable(),
  cylinder_capacity: text(20),
  license_plate: formPlateSchema,
  class: optionalText(40),
  body_type: optionalText(40),
  number_of_doors: z.coerce.number().int().min(0).max(9).optional().nullable(),
  /** spec: observations, max 512. */
  complement: z.string().trim().max(512, { error: 'Debe tener como máximo 512 caracteres' }).optional().nullable(),
  is_test: z.boolean().optional(),
};

/** spec 001 §3 "Vehicle, Mexico". */
export const mexicanVehicleSchema = z.object({
  country: z.literal('MX'),
  ...common,
  number_of_cylinders: z.coerce.number().int().min(0).max(16).optional().nullable(),
  number_of_axes: z.coerce.number().int().min(1).max(9).optional().nullable(),
  version: optionalText(80),
  city: optionalText(80),
  country_of_origin: optionalText(60),
});

/** spec 001 §3 "Vehicle, other countries (Colombia)". */
export const colombianVehicleSchema = z.object({
  country: z.literal('CO'),
  ...common,
  engine_number: optionalText(40),
  chassis_number: optionalText(40),
  fuel_type: optionalText(30),
  color: optionalText(40),
  city: optionalText(80),
  transit_agency: optionalText(120),
});

export const vehicleInputSchema = z.discriminatedUnion('country', [colombianVehicleSchema, mexicanVehicleSchema]);
export type VehicleInput = z.infer<typeof vehicleInputSchema>;
