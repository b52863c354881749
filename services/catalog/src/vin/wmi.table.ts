/**
 * World manufacturer identifiers of the makes sold and assembled in Latin America that NHTSA's vPIC list
 * lacks (vPIC covers vehicles homologated in the US, DESIGN §8). vPIC's own list (12,767 WMIs, read from
 * its database by `VpicReader`) answers every other WMI. Each row names its source (`WMI_SOURCES`); where a
 * row here and vPIC disagree (9BW is Volkswagen do Brasil, vPIC files it under Mexico) this table wins.
 */

export type VehicleKind = 'car' | 'motorcycle' | 'truck' | 'bus' | 'other';

export interface RegionalWmi {
  wmi: string;
  /** The make as people call it (the catalogue's make keys come from it). */
  make: string;
  /** 'mixed' when the same WMI is used for cars and trucks (SUVs, pick-ups): never a motorcycle. */
  kind: VehicleKind | 'mixed';
  /** Where the plant is (Spanish). */
  country: string;
  source: keyof typeof WMI_SOURCES;
}

export const WMI_SOURCES = {
  wikipedia:
    'Wikipedia, "Vehicle identification number", list of world manufacturer identifiers — https://en.wikipedia.org/wiki/Vehicle_identification_number',
  denatran:
    'Identificação veicular: "Código do chassi – automóveis" (códigos WMI das montadoras no Brasil, 2013) — http://indentificacaoveicular.blogspot.com/2013/10/codificacao-internacional-das-montadoras_9316.html',
  vininfo: 'idlesign/vininfo, test data of Bajaj and Dafra motorcycles built in Brazil and India — https://github.com/idlesign/vininfo',
} as const;

const row = (wmi: string, make: string, kind: RegionalWmi['kind'], country: string, source: RegionalWmi['source']): RegionalWmi => ({
  wmi,
  make,
  kind,
  country,
  source,
});

export const REGIONAL_WMIS: readonly RegionalWmi[] = [
  // Argentina
  row('8AC', 'Mercedes-Benz', 'truck', 'Argentina', 'wikipedia'),
  row('8AD', 'Peugeot', 'car', 'Argentina', 'wikipedia'),
  row('8AF', 'Ford', 'mixed', 'Argentina', 'denatran'),
  row('8AG', 'Chevrolet', 'mixed', 'Argentina', 'wikipedia'),
  row('8AJ', 'Toyota', 'mixed', 'Argentina', 'wikipedia'),
  row('8AK', 'Suzuki', 'car', 'Argentina', 'wikipedia'),
  row('8AP', 'Fiat', 'car', 'Argentina', 'denatran'),
  row('8AT', 'Iveco', 'truck', 'Argentina', 'denatran'),
  row('8AW', 'Volkswagen', 'mixed', 'Argentina', 'wikipedia'),
  row('8A1', 'Renault', 'car', 'Argentina', 'wikipedia'),
  row('8BC', 'Citroën', 'car', 'Argentina', 'wikipedia'),
  // Chile, Ecuador, Venezuela
  row('8GD', 'Peugeot', 'car', 'Chile', 'wikipedia'),
  row('8GG', 'Chevrolet', 'car', 'Chile', 'wikipedia'),
  row('8LD', 'Chevrolet', 'mixed', 'Ecuador', 'wikipedia'),
  row('8XD', 'Ford', 'mixed', 'Venezuela', 'wikipedia'),
  row('8Z1', 'Chevrolet', 'mixed', 'Venezuela', 'wikipedia'),
  // Brazil
  row('92T', 'Bajaj', 'motorcycle', 'Brasil', 'vininfo'),
  row('935', 'Citroën', 'car', 'Brasil', 'denatran'),
  row('936', 'Peugeot', 'car', 'Brasil', 'denatran'),
  row('93H', 'Honda', 'mixed', 'Brasil', 'denatran'),
  row('93R', 'Toyota', 'mixed', 'Brasil', 'wikipedia'),
  row('93U', 'Audi', 'car', 'Brasil', 'denatran'),
  row('93W', 'Fiat', 'truck', 'Brasil', 'denatran'),
  row('93X', 'Mitsubishi', 'mixed', 'Brasil', 'wikipedia'),
  row('93Y', 'Renault', 'mixed', 'Brasil', 'wikipedia'),
  row('93Z', 'Iveco', 'truck', 'Brasil', 'denatran'),
  row('94D', 'Nissan', 'mixed', 'Brasil', 'wikipedia'),
  row('95P', 'Hyundai', 'mixed', 'Brasil', 'wikipedia'),
  row('95V', 'Dafra', 'motorcycle', 'Brasil', 'vininfo'),
  row('988', 'Jeep', 'mixed', 'Brasil', 'wikipedia'),
  row('98M', 'BMW', 'mixed', 'Brasil', 'wikipedia'),
  row('98R', 'Chery', 'mixed', 'Brasil', 'wikipedia'),
  row('9BD', 'Fiat', 'mixed', 'Brasil', 'denatran'),
  row('9BF', 'Ford', 'mixed', 'Brasil', 'denatran'),
  row('9BG', 'Chevrolet', 'mixed', 'Brasil', 'denatran'),
  row('9BH', 'Hyundai', 'car', 'Brasil', 'wikipedia'),
  row('9BM', 'Mercedes-Benz', 'truck', 'Brasil', 'wikipedia'),
  row('9BR', 'Toyota', 'mixed', 'Brasil', 'wikipedia'),
  row('9BS', 'Scania', 'truck', 'Brasil', 'wikipedia'),
  row('9BW', 'Volkswagen', 'mixed', 'Brasil', 'denatran'),
  row('9C2', 'Honda', 'motorcycle', 'Brasil', 'wikipedia'),
  row('9C6', 'Yamaha', 'motorcycle', 'Brasil', 'wikipedia'),
  row('9CD', 'Suzuki', 'motorcycle', 'Brasil', 'wikipedia'),
  // Colombia
  row('9FB', 'Renault', 'mixed', 'Colombia', 'wikipedia'),
  row('9FC', 'Mazda', 'car', 'Colombia', 'wikipedia'),
  row('9GA', 'Chevrolet', 'mixed', 'Colombia', 'wikipedia'),
  // India
  row('MA1', 'Mahindra', 'mixed', 'India', 'wikipedia'),
  row('MA3', 'Suzuki', 'car', 'India', 'wikipedia'),
  row('MAK', 'Honda', 'car', 'India', 'wikipedia'),
  row('MAL', 'Hyundai', 'car', 'India', 'wikipedia'),
  row('MAT', 'Tata', 'mixed', 'India', 'wikipedia'),
  row('MBH', 'Suzuki', 'car', 'India', 'wikipedia'),
  row('MBL', 'Hero', 'motorcycle', 'India', 'wikipedia'),
  row('MD2', 'Bajaj', 'motorcycle', 'India', 'vininfo'),
  row('MD6', 'TVS', 'motorcycle', 'India', 'wikipedia'),
  row('ME1', 'Yamaha', 'motorcycle', 'India', 'wikipedia'),
  row('ME4', 'Honda', 'motorcycle', 'India', 'wikipedia'),
  row('MEE', 'Renault', 'car', 'India', 'wikipedia'),
  row('MEX', 'Volkswagen', 'car', 'India', 'wikipedia'),
  // Indonesia, Thailand
  row('MH1', 'Honda', 'motorcycle', 'Indonesia', 'wikipedia'),
  row('MHF', 'Toyota', 'mixed', 'Indonesia', 'wikipedia'),
  row('MHR', 'Honda', 'car', 'Indonesia', 'wikipedia'),
  row('MM8', 'Mazda', 'mixed', 'Tailandia', 'wikipedia'),
  row('MMB', 'Mitsubishi', 'mixed', 'Tailandia', 'wikipedia'),
  row('MMT', 'Mitsubishi', 'mixed', 'Tailandia', 'wikipedia'),
  row('MNB', 'Ford', 'mixed', 'Tailandia', 'wikipedia'),
  row('MNT', 'Nissan', 'mixed', 'Tailandia', 'wikipedia'),
  row('MPA', 'Isuzu', 'truck', 'Tailandia', 'wikipedia'),
  row('MR0', 'Toyota', 'mixed', 'Tailandia', 'wikipedia'),
  row('MR2', 'Toyota', 'car', 'Tailandia', 'wikipedia'),
  // China, Korea
  row('LB3', 'Geely', 'car', 'China', 'wikipedia'),
  row('LFV', 'Volkswagen', 'car', 'China', 'wikipedia'),
  row('LGW', 'Great Wall', 'mixed', 'China', 'wikipedia'),
  row('LHG', 'Honda', 'car', 'China', 'wikipedia'),
  row('LJ1', 'JAC', 'mixed', 'China', 'wikipedia'),
  row('LS5', 'Changan', 'mixed', 'China', 'wikipedia'),
  row('LVV', 'Chery', 'mixed', 'China', 'wikipedia'),
  row('LZW', 'Wuling', 'mixed', 'China', 'wikipedia'),
  row('KNE', 'Kia', 'car', 'Corea del Sur', 'wikipedia'),
  row('KPA', 'SsangYong', 'mixed', 'Corea del Sur', 'wikipedia'),
  row('KPT', 'SsangYong', 'mixed', 'Corea del Sur', 'wikipedia'),
  // Europe
  row('UU1', 'Dacia', 'car', 'Rumania', 'wikipedia'),
  row('VF7', 'Citroën', 'car', 'Francia', 'wikipedia'),
  row('VSS', 'SEAT', 'car', 'España', 'wikipedia'),
  row('VWV', 'Volkswagen', 'car', 'España', 'wikipedia'),
];
