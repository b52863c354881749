import { z } from 'zod';
import '../http/zod-es.js';
import { t } from '../messages/format.js';
import { CO_DIVIPOLA } from './co-divipola.js';

/**
 * Shipping addresses (spec 000 §7: POST and GET /api/users/userAdditionalAddress; the record's fields are
 * "not shown", so they are ours): who receives, a phone to call them, and where — a Colombian department
 * and municipality by their DANE codes, or a Mexican state (INEGI code), municipality or alcaldía, colonia
 * and postal code. Identity keeps a person's addresses; the marketplace's `setShippingInfo` stores a
 * snapshot of the chosen one (`shippingAddressSchema`) on the transaction, so an address edited or deleted
 * later never changes a purchase.
 */

export const ADDRESS_COUNTRIES = ['CO', 'MX'] as const;
export type AddressCountry = (typeof ADDRESS_COUNTRIES)[number];

/** How many addresses one person may keep. */
export const MAX_ADDRESSES_PER_PERSON = 20;

/** Mexico's 32 states by their INEGI code, with the first two digits of their postal codes (SEPOMEX ranges). */
export const MX_STATES: readonly { code: string; name: string; postalPrefixes: readonly [number, number][] }[] = [
  { code: '01', name: 'Aguascalientes', postalPrefixes: [[20, 20]] },
  { code: '02', name: 'Baja California', postalPrefixes: [[21, 22]] },
  { code: '03', name: 'Baja California Sur', postalPrefixes: [[23, 23]] },
  { code: '04', name: 'Campeche', postalPrefixes: [[24, 24]] },
  { code: '05', name: 'Coahuila de Zaragoza', postalPrefixes: [[25, 27]] },
  { code: '06', name: 'Colima', postalPrefixes: [[28, 28]] },
  { code: '07', name: 'Chiapas', postalPrefixes: [[29, 30]] },
  { code: '08', name: 'Chihuahua', postalPrefixes: [[31, 33]] },
  { code: '09', name: 'Ciudad de México', postalPrefixes: [[1, 16]] },
  { code: '10', name: 'Durango', postalPrefixes: [[34, 35]] },
  { code: '11', name: 'Guanajuato', postalPrefixes: [[36, 38]] },
  { code: '12', name: 'Guerrero', postalPrefixes: [[39, 41]] },
  { code: '13', name: 'Hidalgo', postalPrefixes: [[42, 43]] },
  { code: '14', name: 'Jalisco', postalPrefixes: [[44, 49]] },
  { code: '15', name: 'Estado de México', postalPrefixes: [[50, 57]] },
  { code: '16', name: 'Michoacán de Ocampo', postalPrefixes: [[58, 61]] },
  { code: '17', name: 'Morelos', postalPrefixes: [[62, 62]] },
  { code: '18', name: 'Nayarit', postalPrefixes: [[63, 63]] },
  { code: '19', name: 'Nuevo León', postalPrefixes: [[64, 67]] },
  { code: '20', name: 'Oaxaca', postalPrefixes: [[68, 71]] },
  { code: '21', name: 'Puebla', postalPrefixes: [[72, 75]] },
  { code: '22', name: 'Querétaro', postalPrefixes: [[76, 76]] },
  { code: '23', name: 'Quintana Roo', postalPrefixes: [[77, 77]] },
  { code: '24', name: 'San Luis Potosí', postalPrefixes: [[78, 79]] },
  { code: '25', name: 'Sinaloa', postalPrefixes: [[80, 82]] },
  { code: '26', name: 'Sonora', postalPrefixes: [[83, 85]] },
  { code: '27', name: 'Tabasco', postalPrefixes: [[86, 86]] },
  { code: '28', name: 'Tamaulipas', postalPrefixes: [[87, 89]] },
  { code: '29', name: 'Tlaxcala', postalPrefixes: [[90, 90]] },
  { code: '30', name: 'Veracruz de Ignacio de la Llave', postalPrefixes: [[91, 96]] },
  { code: '31', name: 'Yucatán', postalPrefixes: [[97, 97]] },
  { code: '32', name: 'Zacatecas', postalPrefixes: [[98, 99]] },
];

export { CO_DIVIPOLA };

const coDepartments = new Map(CO_DIVIPOLA.map((d) => [d.code, d]));
const coMunicipalities = new Map(CO_DIVIPOLA.flatMap((d) => d.municipalities.map(([code, name]) => [code, { name, department: d.code }])));
const mxStates = new Map(MX_STATES.map((s) => [s.code, s]));

/** The name of a Colombian department (DANE code), or undefined. */
export const coDepartmentName = (code: string) => coDepartments.get(code)?.name;
/** A Colombian municipality (DANE code) with its department's code, or undefined. */
export const coMunicipality = (code: string) => coMunicipalities.get(code);
/** The name of a Mexican state (INEGI code), or undefined. */
export const mxStateName = (code: string) => mxStates.get(code)?.name;

/** Whether a Mexican postal code belongs to a state (its first two digits fall in the state's SEPOMEX range). */
export function postalCodeInMxState(postalCode: string, stateCode: string): boolean {
  const state = mxStates.get(stateCode);
  if (!state || !/^\d{5}$/.test(postalCode)) return false;
  const prefix = Number(postalCode.slice(0, 2));
  return state.postalPrefixes.some(([from, to]) => prefix >= from && prefix <= to);
}

const DIAL = { CO: '57', MX: '52' } as const;

/**
 * A phone as E.164 (+57 or +52 and ten digits). Spaces, dashes, dots and brackets are ignored; a number
 * written without its country code takes the address's (`300 123 4567` in Colombia is +573001234567);
 * Mexico's old mobile '1' after +52 is dropped. Colombian numbers are mobiles (3…) or landlines (60…).
 * Anything else is undefined.
 */
export function normalizePhone(raw: string, country: AddressCountry): string | undefined {
  let v = raw.replace(/[\s().-]/g, '');
  if (v.startsWith('00')) v = `+${v.slice(2)}`;
  if (/^\d{10}$/.test(v)) v = `+${DIAL[country]}${v}`;
  else if (/^(57|52)\d{10,11}$/.test(v)) v = `+${v}`;
  const co = /^\+57(3\d{9}|60\d{8})$/.exec(v);
  if (co) return v;
  const mx = /^\+521?(\d{10})$/.exec(v);
  if (mx) return `+52${mx[1]}`;
  return undefined;
}

/** An E.164 phone as people read it: `+57 300 123 4567`. */
export function formatPhone(e164: string): string {
  const m = /^\+(57|52)(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return m ? `+${m[1]} ${m[2]} ${m[3]} ${m[4]}` : e164;
}

/** Text a person types: trimmed, bounded, without NUL (PostgreSQL text cannot hold it). */
const text = (min: number, max: number) =>
  z
    .string()
    .trim()
    .min(min)
    .max(max)
    .refine((v) => !v.includes('\u0000'), { error: () => t('validation.invalidValue') });
const optionalText = (max: number) =>
  z
    .union([text(0, max), z.null()])
    .optional()
    .transform((v) => (v ? v : null));

const phoneOf = (country: AddressCountry) =>
  z
    .string()
    .max(40)
    .transform((v, ctx) => {
      const phone = normalizePhone(v, country);
      if (!phone) {
        ctx.addIssue({ code: 'custom', message: t('addresses.invalidPhone') });
        return z.NEVER;
      }
      return phone;
    });

const common = {
  label: optionalText(40),
  receiverName: text(2, 120),
  addressLine: text(5, 200),
  notes: optionalText(300),
};

/** A Colombian address: department and municipality by DANE code; the postal code (six digits) is optional. */
export const coAddressInputSchema = z
  .object({
    country: z.literal('CO'),
    ...common,
    phone: phoneOf('CO'),
    departmentCode: z.string().max(2),
    municipalityCode: z.string().max(5),
    neighborhood: optionalText(120),
    postalCode: z
      .union([
        z
          .string()
          .trim()
          .regex(/^\d{6}$/, { error: () => t('addresses.invalidPostalCodeCo') }),
        z.literal(''),
        z.null(),
      ])
      .optional()
      .transform((v) => (v ? v : null)),
  })
  .superRefine((a, ctx) => {
    if (!coDepartments.has(a.departmentCode)) {
      ctx.addIssue({ code: 'custom', path: ['departmentCode'], message: t('addresses.unknownDepartment') });
      return;
    }
    if (coMunicipalities.get(a.municipalityCode)?.department !== a.departmentCode)
      ctx.addIssue({ code: 'custom', path: ['municipalityCode'], message: t('addresses.unknownMunicipality') });
  });

/** A Mexican address: state by INEGI code, municipality or alcaldía, colonia and a postal code of that state. */
export const mxAddressInputSchema = z
  .object({
    country: z.literal('MX'),
    ...common,
    phone: phoneOf('MX'),
    stateCode: z.string().max(2),
    municipality: text(2, 100),
    neighborhood: z
      .string({ error: () => t('addresses.coloniaRequired') })
      .trim()
      .min(2, { error: () => t('addresses.coloniaRequired') })
      .max(120)
      .refine((v) => !v.includes('\u0000'), { error: () => t('validation.invalidValue') }),
    postalCode: z
      .string()
      .trim()
      .regex(/^\d{5}$/, { error: () => t('addresses.invalidPostalCodeMx') }),
  })
  .superRefine((a, ctx) => {
    const state = mxStateName(a.stateCode);
    if (!state) {
      ctx.addIssue({ code: 'custom', path: ['stateCode'], message: t('addresses.unknownState') });
      return;
    }
    if (/^\d{5}$/.test(a.postalCode) && !postalCodeInMxState(a.postalCode, a.stateCode))
      ctx.addIssue({
        code: 'custom',
        path: ['postalCode'],
        message: t('addresses.postalCodeNotInState', { postalCode: a.postalCode, state }),
      });
  });

/** What a person sends to save an address (POST) or to change it (PATCH, the whole address again). */
export const addressInputSchema = z.discriminatedUnion('country', [
  coAddressInputSchema.extend({ isDefault: z.boolean().optional() }),
  mxAddressInputSchema.extend({ isDefault: z.boolean().optional() }),
]);
export type AddressInput = z.infer<typeof addressInputSchema>;
export type AddressInputRequest = z.input<typeof addressInputSchema>;

const shippingAddressFields = z.object({
  country: z.enum(ADDRESS_COUNTRIES),
  label: z.string().max(40).nullable(),
  receiverName: z.string().min(2).max(120),
  phone: z.string().regex(/^\+(57|52)\d{10}$/, { error: () => t('addresses.invalidPhone') }),
  regionCode: z.string().max(2),
  regionName: z.string().max(80),
  cityCode: z.string().max(5).nullable(),
  cityName: z.string().min(2).max(100),
  neighborhood: z.string().max(120).nullable(),
  postalCode: z.string().max(6).nullable(),
  addressLine: z.string().min(5).max(200),
  notes: z.string().max(300).nullable(),
});

/**
 * An address as a purchase keeps it: self-contained (names beside codes), the same for both countries.
 * `regionCode`/`regionName` are the CO department or the MX state; `cityCode` is the DANE municipality code
 * (null in Mexico, where `cityName` is the municipality or alcaldía as written). Parsing checks that codes
 * and names agree with the official lists and the postal code with its state, so a snapshot sent by a
 * client is as sound as an address identity saved.
 */
export const shippingAddressSchema = shippingAddressFields.superRefine((a, ctx) => {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (a.country === 'CO') {
    if (coDepartmentName(a.regionCode) !== a.regionName) return issue('regionCode', t('addresses.unknownDepartment'));
    const m = a.cityCode ? coMunicipality(a.cityCode) : undefined;
    if (!m || m.department !== a.regionCode || m.name !== a.cityName) issue('cityCode', t('addresses.unknownMunicipality'));
    if (a.postalCode !== null && !/^\d{6}$/.test(a.postalCode)) issue('postalCode', t('addresses.invalidPostalCodeCo'));
    return;
  }
  const state = mxStateName(a.regionCode);
  if (!state || state !== a.regionName) return issue('regionCode', t('addresses.unknownState'));
  if (a.cityCode !== null) issue('cityCode', t('validation.invalidValue'));
  if (!a.neighborhood) issue('neighborhood', t('addresses.coloniaRequired'));
  if (!a.postalCode || !postalCodeInMxState(a.postalCode, a.regionCode))
    issue('postalCode', t('addresses.postalCodeNotInState', { postalCode: a.postalCode ?? '', state }));
});
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;

/** A saved address as its owner sees it. */
export const addressSchema = shippingAddressFields.extend({
  id: z.uuid(),
  isDefault: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Address = z.infer<typeof addressSchema>;

/** The flat, self-contained form of a validated input (names looked up from the codes). */
export function toShippingAddress(a: AddressInput): ShippingAddress {
  const base = { label: a.label, receiverName: a.receiverName, phone: a.phone, addressLine: a.addressLine, notes: a.notes };
  if (a.country === 'CO') {
    return {
      ...base,
      country: 'CO',
      regionCode: a.departmentCode,
      regionName: coDepartmentName(a.departmentCode)!,
      cityCode: a.municipalityCode,
      cityName: coMunicipality(a.municipalityCode)!.name,
      neighborhood: a.neighborhood,
      postalCode: a.postalCode,
    };
  }
  return {
    ...base,
    country: 'MX',
    regionCode: a.stateCode,
    regionName: mxStateName(a.stateCode)!,
    cityCode: null,
    cityName: a.municipality,
    neighborhood: a.neighborhood,
    postalCode: a.postalCode,
  };
}

/** The input that gives back a saved address (to edit it in a form). */
export function toAddressInput(a: ShippingAddress): AddressInputRequest {
  const base = { label: a.label, receiverName: a.receiverName, phone: a.phone, addressLine: a.addressLine, notes: a.notes };
  return a.country === 'CO'
    ? {
        ...base,
        country: 'CO',
        departmentCode: a.regionCode,
        municipalityCode: a.cityCode ?? '',
        neighborhood: a.neighborhood,
        postalCode: a.postalCode,
      }
    : {
        ...base,
        country: 'MX',
        stateCode: a.regionCode,
        municipality: a.cityName,
        neighborhood: a.neighborhood ?? '',
        postalCode: a.postalCode ?? '',
      };
}

/** The id of one of the person's addresses in a path. */
export const addressIdParamsSchema = z.object({ id: z.uuid({ error: () => t('validation.invalidValue') }) });
