import type { NameValue } from './catalog-vehicle.entity.js';

/** A catalogue vehicle as its name and attributes describe it. */
export interface VehicleDescription {
  name: string;
  attributes: NameValue[];
}

export function attributeValue(v: { attributes: NameValue[] }, name: string): string | null {
  return v.attributes.find((a) => a.name === name)?.value ?? null;
}

/** The model a vehicle belongs to: its name without the displacement, engine code, years and series. */
export function modelOf(v: VehicleDescription): string {
  const engine = attributeValue(v, 'Motor') ?? '';
  let name = v.name.replace(/ serie \d+$/, '').replace(/ \(\d{4}-\d{4}\)$/, '');
  if (engine && name.endsWith(` ${engine}`)) name = name.slice(0, -engine.length - 1);
  return name.replace(/ \d+\.\d$/, '').trim();
}

/** Motorcycles are their own catalogue vehicles: a motorcycle VIN never opens a car, nor a car VIN a motorcycle. */
export function isMotorcycle(v: { attributes: NameValue[] }, catalogName = ''): boolean {
  const body = attributeValue(v, 'Carrocería') ?? '';
  return /moto/i.test(body) || /\bmotos?\b|motocicleta/i.test(catalogName);
}

/** Engine displacement in cc from 'Cilindrada' ('1598 cc'); null when not stated ('N/A'). */
export function displacementOf(v: { attributes: NameValue[] }): number | null {
  const match = /(\d{2,5})\s*cc/i.exec(attributeValue(v, 'Cilindrada') ?? '');
  return match ? Number(match[1]) : null;
}
