import type { CrossReferenceType, CrossReferenceWay } from './types.js';

/**
 * Static reference data of the demo catalogue: the Spanish category tree, part types with their
 * aftermarket cross-reference recipes, the unit (exploded diagram) templates and the quick groups.
 */

export const TOP_CATEGORIES: { key: string; code: string; es: string; en: string; subs: [string, string, string][] }[] = [
  { key: 'motor', code: '101', es: 'Motor', en: 'Engine', subs: [['culata', 'Culata y empaques', 'Cylinder head and gaskets'], ['distribucion', 'Distribución', 'Timing'], ['lubricacion', 'Lubricación', 'Lubrication']] },
  { key: 'combustible', code: '102', es: 'Sistema de combustible', en: 'Fuel system', subs: [['inyeccion', 'Inyección y bomba', 'Injection and pump']] },
  { key: 'encendido', code: '103', es: 'Sistema de encendido', en: 'Ignition system', subs: [['bujias', 'Bujías y bobinas', 'Spark plugs and coils'], ['precalentamiento', 'Precalentamiento', 'Glow plug system']] },
  { key: 'refrigeracion', code: '104', es: 'Refrigeración', en: 'Cooling', subs: [['bomba-agua', 'Bomba de agua y termostato', 'Water pump and thermostat'], ['radiador', 'Radiador y mangueras', 'Radiator and hoses']] },
  { key: 'escape', code: '105', es: 'Escape', en: 'Exhaust', subs: [['escape-linea', 'Múltiple, catalizador y silenciador', 'Manifold, catalytic converter and muffler']] },
  { key: 'embrague', code: '106', es: 'Embrague y transmisión', en: 'Clutch and transmission', subs: [['embrague-kit', 'Embrague', 'Clutch']] },
  { key: 'susp-del', code: '107', es: 'Suspensión delantera', en: 'Front suspension', subs: [['amort-del', 'Amortiguadores y resortes delanteros', 'Front shock absorbers and springs'], ['brazos', 'Tijeras y rótulas', 'Control arms and ball joints']] },
  { key: 'susp-tras', code: '108', es: 'Suspensión trasera', en: 'Rear suspension', subs: [['amort-tras', 'Amortiguadores, resortes y rodamientos traseros', 'Rear shock absorbers, springs and bearings']] },
  { key: 'direccion', code: '109', es: 'Dirección', en: 'Steering', subs: [['terminales', 'Terminales y axiales', 'Tie rod ends and inner tie rods']] },
  { key: 'frenos', code: '110', es: 'Frenos', en: 'Brakes', subs: [['frenos-del', 'Frenos delanteros', 'Front brakes'], ['frenos-tras', 'Frenos traseros', 'Rear brakes']] },
  { key: 'electrico', code: '111', es: 'Sistema eléctrico', en: 'Electrical system', subs: [['arranque', 'Arranque y carga', 'Starting and charging'], ['iluminacion', 'Iluminación', 'Lighting']] },
  { key: 'carroceria', code: '112', es: 'Carrocería', en: 'Body', subs: [['frontal', 'Frontal y espejos', 'Front end and mirrors']] },
  { key: 'filtros', code: '113', es: 'Filtros y mantenimiento', en: 'Filters and maintenance', subs: [['filtros-kit', 'Filtros', 'Filters'], ['correas', 'Correas y accesorios', 'Belts and accessories'], ['plumillas', 'Limpiaparabrisas', 'Wipers']] },
];

export type Shape = 'filter' | 'plug' | 'disc' | 'pad' | 'belt' | 'shock' | 'spring' | 'gasket' | 'bolt' | 'pump' | 'box' | 'hose' | 'bearing' | 'sensor' | 'lamp' | 'arm' | 'coil';
export type Recipe = [brand: string, type: CrossReferenceType, way: CrossReferenceWay];

export interface PartType {
  key: string;
  es: string;
  en: string;
  shape: Shape;
  /** Engine-bound: the same OEM number on every model with this make's engine. */
  engine?: boolean;
  /** Function-group codes for the makes whose numbers carry one (jp: 5-digit Japanese/Korean group). */
  g?: { jp?: string; toyota?: string; hyundai?: string; honda?: string; suzuki?: string; vw?: string; ford?: string; bmw?: string; mb?: string; psa?: string; mz?: string };
  xr?: Recipe[];
}

const dup = (brand: string): Recipe => [brand, 'duplicate', 'bidirectional'];
const oemReplacement: Recipe = ['OEM', 'replacement', 'forward'];
/** The OEM number this one superseded. */
const oemPrevious: Recipe = ['OEM', 'replacement', 'backward'];

export const PART_TYPES: PartType[] = [
  // Filters and maintenance
  { key: 'oil-filter', es: 'Filtro de aceite', en: 'Oil filter', shape: 'filter', engine: true, g: { jp: '15208', toyota: '90915', hyundai: '26300', honda: '15400', suzuki: '16510', vw: '115', ford: '6731', bmw: '11 42', mb: '180', psa: '1109', mz: '14' }, xr: [dup('Mann-Filter'), dup('Bosch'), dup('Fram'), dup('Wix'), dup('Mahle'), oemReplacement, dup('Febi'), dup('Valeo'), ['Fram', 'replacement', 'forward'], ['Wix', 'replacement', 'forward'], oemPrevious] },
  { key: 'air-filter', es: 'Filtro de aire', en: 'Air filter', shape: 'box', g: { jp: '16546', toyota: '17801', hyundai: '28113', honda: '17220', suzuki: '13780', vw: '129', ford: '9601', bmw: '13 71', mb: '094', psa: '1444', mz: '13' }, xr: [dup('Mann-Filter'), dup('Bosch'), dup('Fram'), dup('Wix'), dup('Febi'), dup('Valeo'), ['Fram', 'replacement', 'forward'], oemReplacement, oemPrevious, oemPrevious] },
  { key: 'cabin-filter', es: 'Filtro de cabina (polen)', en: 'Cabin air filter', shape: 'box', g: { jp: '27277', toyota: '87139', hyundai: '97133', honda: '80292', suzuki: '95861', vw: '819', ford: '19N619', bmw: '64 11', mb: '830', psa: '6447', mz: '61' }, xr: [dup('Mann-Filter'), dup('Bosch'), dup('Fram'), dup('Mahle'), dup('Febi'), dup('Valeo'), ['Mann-Filter', 'replacement', 'forward'], ['Bosch', 'replacement', 'forward'], oemReplacement, oemPrevious, oemPrevious] },
  { key: 'fuel-filter', es: 'Filtro de combustible', en: 'Fuel filter', shape: 'filter', engine: true, g: { jp: '16400', toyota: '23300', hyundai: '31911', honda: '16010', suzuki: '15410', vw: '127', ford: '9155', bmw: '13 32', mb: '477', psa: '1906', mz: '13' }, xr: [dup('Mann-Filter'), dup('Bosch'), dup('Wix'), dup('Mahle'), dup('Febi'), dup('Valeo'), ['Mann-Filter', 'replacement', 'forward'], oemReplacement, oemPrevious, oemPrevious] },
  { key: 'spark-plug', es: 'Bujía', en: 'Spark plug', shape: 'plug', engine: true, g: { jp: '22401', toyota: '90919', hyundai: '18846', honda: '98079', suzuki: '09482', vw: '905', ford: '12405', bmw: '12 12', mb: '159', psa: '5960', mz: '18' }, xr: [dup('NGK'), dup('Denso'), dup('Bosch'), dup('Champion'), ['NGK', 'tuning', 'forward'], ['Denso', 'code', 'bidirectional'], ['NGK', 'code', 'bidirectional'], oemReplacement, ['Denso', 'tuning', 'forward'], ['Bosch', 'tuning', 'forward'], oemPrevious] },
  { key: 'accessory-belt', es: 'Correa de accesorios (poly-V)', en: 'Accessory drive belt', shape: 'belt', engine: true, g: { jp: '11720', toyota: '90916', hyundai: '25212', honda: '38920', vw: '903', ford: '8620', bmw: '11 28', mb: '997', psa: '5750', mz: '15' }, xr: [dup('Gates'), dup('Dayco'), ['Continental', 'synonym', 'bidirectional'], ['Bosch', 'synonym', 'bidirectional'], dup('Febi'), oemReplacement, oemPrevious, oemPrevious] },
  { key: 'belt-tensioner', es: 'Tensor de correa de accesorios', en: 'Belt tensioner', shape: 'pump', engine: true, g: { jp: '11955', vw: '903', ford: '6B209', bmw: '11 28', mb: '200', psa: '5751', mz: '15' }, xr: [dup('SKF'), dup('Gates'), dup('Dayco'), dup('Febi'), oemReplacement, oemPrevious, oemPrevious] },
  { key: 'wiper-driver', es: 'Plumilla limpiaparabrisas conductor', en: 'Driver wiper blade', shape: 'arm', g: { jp: '28890', toyota: '85222', hyundai: '98350', honda: '76620', vw: '955', ford: '17528', bmw: '61 61', mb: '820', psa: '6426', mz: '67' }, xr: [dup('Bosch'), dup('Valeo'), dup('Febi'), ['Bosch', 'replacement', 'forward'], ['Valeo', 'replacement', 'forward'], oemReplacement, oemPrevious, oemPrevious] },
  { key: 'wiper-passenger', es: 'Plumilla limpiaparabrisas pasajero', en: 'Passenger wiper blade', shape: 'arm', g: { jp: '28890', toyota: '85222', hyundai: '98360', honda: '76630', vw: '955', ford: '17528', bmw: '61 61', mb: '820', psa: '6426', mz: '67' }, xr: [dup('Bosch'), dup('Valeo'), dup('Febi'), ['Bosch', 'replacement', 'forward'], ['Valeo', 'replacement', 'forward'], oemReplacement, oemPrevious, oemPrevious] },
  { key: 'wiper-motor', es: 'Motor limpiaparabrisas', en: 'Wiper motor', shape: 'pump', g: { jp: '28810', vw: '955', mz: '67' }, xr: [dup('Valeo'), dup('Bosch'), oemReplacement, oemPrevious, oemPrevious] },
  // Engine
  { key: 'head-gasket', es: 'Empaque de culata', en: 'Cylinder head gasket', shape: 'gasket', engine: true, g: { jp: '11044', toyota: '11115', hyundai: '22311', honda: '12251', vw: '103', ford: '6051', bmw: '11 12', mb: '016', psa: '0209', mz: '10' }, xr: [dup('Elring'), dup('Victor Reinz'), dup('Febi'), ['Elring', 'part whole', 'forward'], ['Victor Reinz', 'part whole', 'forward'], oemReplacement, oemPrevious, oemPrevious] },
  { key: 'valve-cover-gasket', es: 'Empaque tapa de válvulas', en: 'Valve cover gasket', shape: 'gasket', engine: true, g: { jp: '13270', toyota: '11213', hyundai: '22441', honda: '12341', vw: '103', ford: '6584', bmw: '11 12', mb: '016', psa: '0249', mz: '10' }, xr: [dup('Elring'), dup('Victor Reinz'), dup('Febi'), ['Elring', 'part whole', 'forward'], ['Victor Reinz', 'part whole', 'forward'], oemReplacement, oemPrevious, oemPrevious] },
  { key: 'head-bolt', es: 'Perno de culata', en: 'Cylinder head bolt', shape: 'bolt', engine: true, g: { jp: '11056', vw: '103', mz: '10' }, xr: [['Elring', 'part whole', 'forward'], dup('Febi'), ['Victor Reinz', 'part whole', 'forward'], oemReplacement, oemPrevious, oemPrevious] },
  { key: 'valve-seal', es: 'Retén de válvula', en: 'Valve stem seal', shape: 'bearing', engine: true, g: { jp: '13207', vw: '109', mz: '12' }, xr: [dup('Elring'), dup('Victor Reinz'), dup('Febi'), ['Elring', 'part whole', 'forward'], ['Victor Reinz', 'part whole', 'forward']] },
  { key: 'timing-belt', es: 'Correa de distribución', en: 'Timing belt', shape: 'belt', engine: true, g: { jp: '13028', toyota: '13568', hyundai: '24312', honda: '14400', vw: '109', ford: '6K288', bmw: '11 31', mb: '052', psa: '0816', mz: '12' }, xr: [dup('Gates'), dup('Dayco'), dup('Continental'), ['Gates', 'part whole', 'forward'], ['SKF', 'part whole', 'forward'], dup('Febi'), ['Dayco', 'part whole', 'forward'], ['Continental', 'part whole', 'forward'], oemReplacement, oemPrevious, oemPrevious] },
  { key: 'timing-tensioner', es: 'Tensor de distribución', en: 'Timing belt tensioner', shape: 'pump', engine: true, g: { jp: '13070', toyota: '13505', hyundai: '24410', vw: '109', mz: '12' }, xr: [dup('SKF'), dup('Gates'), dup('Dayco'), dup('Febi'), ['Gates', 'part whole', 'forward'], oemReplacement, oemPrevious, oemPrevious] },
  { key: 'idler-pulley', es: 'Polea loca', en: 'Idler pulley', shape: 'bearing', engine: true, g: { jp: '13077', vw: '109', mz: '12' }, xr: [dup('SKF'), dup('Gates'), dup('Dayco'), dup('Febi'), oemReplacement, oemPrevious, oemPrevious] },
  { key: 'crank-seal', es: 'Retén de cigüeñal delantero', en: 'Front crankshaft seal', shape: 'bearing', engine: true, g: { jp: '13510', toyota: '90311', vw: '103', mz: '11' }, xr: [dup('Elring'), dup('Victor Reinz'), dup('Febi'), oemReplacement, oemPrevious, oemPrevious] },
  { key: 'oil-pump', es: 'Bomba de aceite', en: 'Oil pump', shape: 'pump', engine: true, g: { jp: '15010', toyota: '15100', hyundai: '21310', vw: '115', mz: '14' }, xr: [dup('Melling'), oemReplacement, oemPrevious, oemPrevious] },
  { key: 'oil-pan', es: 'Cárter de aceite', en: 'Oil pan', shape: 'box', g: { jp: '11110', vw: '103', mz: '10' }, xr: [dup('Febi'), oemReplacement, oemPrevious, oemPrevious] },
  { key: 'drain-plug', es: 'Tapón de cárter', en: 'Oil drain plug', shape: 'bolt', g: { jp: '11128', toyota: '90341', vw: '103', mz: '10' }, xr: [dup('Febi'), dup('Elring'), oemReplacement, oemPrevious, oemPrevious] },
  { key: 'oil-pressure-sensor', es: 'Sensor de presión de aceite', en: 'Oil pressure switch', shape: 'sensor', engine: true, g: { jp: '25240', vw: '919', mz: '18' }, xr: [dup('Bosch'), dup('Febi'), oemReplacement, oemPrevious, oemPrevious] },
  // Fuel
  { key: 'injector', es: 'Inyector', en: 'Fuel injector', shape: 'plug', engine: true, g: { jp: '16600', toyota: '23250', hyundai: '35310', honda: '16450', vw: '133', ford: '9F593', bmw: '13 64', mb: '078', psa: '1984', mz: '13' }, xr: [dup('Bosch'), dup('Denso'), oemReplacement, ['Bosch', 'replacement', 'forward'], oemPrevious] },
  { key: 'fuel-pump', es: 'Bomba de combustible', en: 'Fuel pump', shape: 'pump', g: { jp: '17040', toyota: '23221', hyundai: '31110', honda: '17045', vw: '919', ford: '9H307', bmw: '16 11', mb: '470', psa: '1525', mz: '13' }, xr: [dup('Bosch'), dup('Denso'), dup('Valeo'), ['Bosch', 'part whole', 'forward'], oemReplacement, oemPrevious, oemPrevious] },
  { key: 'throttle-body', es: 'Cuerpo de aceleración', en: 'Throttle body', shape: 'box', engine: true, g: { jp: '16119', vw: '133', mz: '13' }, xr: [dup('Bosch'), dup('Valeo'), oemReplacement, oemPrevious, oemPrevious] },
  // Ignition
  { key: 'ignition-coil', es: 'Bobina de encendido', en: 'Ignition coil', shape: 'coil', engine: true, g: { jp: '22448', toyota: '90919', hyundai: '27301', honda: '30520', vw: '905', ford: '12029', bmw: '12 13', mb: '150', psa: '5970', mz: '18' }, xr: [dup('Bosch'), dup('Denso'), dup('NGK'), dup('Valeo'), dup('Febi'), oemReplacement, oemPrevious, oemPrevious] },
  { key: 'glow-plug', es: 'Bujía de precalentamiento', en: 'Glow plug', shape: 'plug', engine: true, g: { jp: '11065', toyota: '19850', hyundai: '36710', vw: '963', ford: '6M090', mz: '18' }, xr: [dup('Bosch'), dup('NGK'), dup('Denso'), dup('Febi'), oemReplacement, oemPrevious, oemPrevious] },
  { key: 'glow-relay', es: 'Relé de precalentamiento', en: 'Glow plug relay', shape: 'box', engine: true, g: { jp: '11067', vw: '911', mz: '18' }, xr: [dup('Bosch'), dup('Febi'), oemReplacement, oemPrevious, oemPrevious] },
  // Cooling
  { key: 'water-pump', es: 'Bomba de agua', en: 'Water pump', shape: 'pump', engine: true, g: { jp: '21010', toyota: '16100', hyundai: '25100', honda: '19200', vw: '121', ford: '8501', bmw: '11 51', mb: '200', psa: '1201', mz: '15' }, xr: [dup('SKF'), dup('Gates'), dup('Febi'), ['SKF', 'part whole', 'forward'], dup('Valeo'), ['Gates', 'part whole', 'forward'], oemReplacement, oemPrevious, oemPrevious] },
  { key: 'thermostat', es: 'Termostato', en: 'Thermostat', shape: 'sensor', engine: true, g: { jp: '21200', toyota: '90916', hyundai: '25500', honda: '19301', vw: '121', ford: '8575', bmw: '11 53', mb: '203', psa: '1338', mz: '15' }, xr: [dup('Gates'), dup('Mahle'), oemReplacement, dup('Febi'), dup('Valeo'), oemPrevious] },
  { key: 'water-pump-gasket', es: 'Empaque de bomba de agua', en: 'Water pump gasket', shape: 'gasket', engine: true, g: { jp: '21014', vw: '121', mz: '15' }, xr: [dup('Elring'), dup('Victor Reinz'), dup('Febi'), oemReplacement, oemPrevious, oemPrevious] },
  { key: 'radiator', es: 'Radiador', en: 'Radiator', shape: 'box', g: { jp: '21460', toyota: '16400', hyundai: '25310', honda: '19010', vw: '121', ford: '8005', bmw: '17 11', mb: '500', psa: '1330', mz: '15' }, xr: [dup('Valeo'), dup('Denso'), oemReplacement, oemPrevious, oemPrevious] },
  { key: 'upper-hose', es: 'Manguera superior de radiador', en: 'Upper radiator hose', shape: 'hose', g: { jp: '21501', vw: '121', mz: '15' }, xr: [dup('Gates'), dup('Febi'), dup('Dayco'), oemReplacement, oemPrevious, oemPrevious] },
  { key: 'lower-hose', es: 'Manguera inferior de radiador', en: 'Lower radiator hose', shape: 'hose', g: { jp: '21503', vw: '121', mz: '15' }, xr: [dup('Gates'), dup('Febi'), dup('Dayco'), oemReplacement, oemPrevious, oemPrevious] },
  { key: 'radiator-cap', es: 'Tapa de radiador', en: 'Radiator cap', shape: 'disc', g: { jp: '21430', toyota: '16401', vw: '121', mz: '15' }, xr: [dup('Mahle'), dup('Febi'), oemReplacement, oemPrevious, oemPrevious] },
  { key: 'fan', es: 'Electroventilador', en: 'Radiator cooling fan', shape: 'disc', g: { jp: '21481', vw: '959', mz: '15' }, xr: [dup('Valeo'), dup('Bosch'), oemReplacement, oemPrevious, oemPrevious] },
  // Exhaust
  { key: 'exhaust-gasket', es: 'Empaque de múltiple de escape', en: 'Exhaust manifold gasket', shape: 'gasket', engine: true, g: { jp: '14036', vw: '253', mz: '13' }, xr: [dup('Elring'), dup('Victor Reinz'), dup('Walker'), dup('Febi'), oemReplacement, oemPrevious, oemPrevious] },
  { key: 'catalytic', es: 'Catalizador', en: 'Catalytic converter', shape: 'box', g: { jp: '20802', vw: '254', mz: '40' }, xr: [dup('Walker'), oemReplacement, oemPrevious, oemPrevious] },
  { key: 'muffler', es: 'Silenciador trasero', en: 'Rear muffler', shape: 'box', g: { jp: '20100', vw: '253', mz: '40' }, xr: [dup('Walker'), oemReplacement, oemPrevious, oemPrevious] },
  { key: 'o2-sensor', es: 'Sensor de oxígeno', en: 'Oxygen sensor', shape: 'sensor', engine: true, g: { jp: '22690', toyota: '89465', hyundai: '39210', honda: '36531', vw: '906', ford: '9F472', bmw: '11 78', mb: '542', psa: '1628', mz: '18' }, xr: [dup('Bosch'), dup('Denso'), ['NGK', 'synonym', 'bidirectional'], dup('Febi'), oemReplacement, oemPrevious, oemPrevious] },
  { key: 'exhaust-clamp', es: 'Abrazadera de escape', en: 'Exhaust clamp', shape: 'bearing', g: { jp: '20743', vw: '253', mz: '40' }, xr: [dup('Walker'), oemReplacement, oemPrevious, oemPrevious] },
  // Clutch
  { key: 'clutch-kit', es: 'Kit de embrague', en: 'Clutch kit', shape: 'disc', engine: true, g: { jp: '30210', toyota: '31250', hyundai: '41100', honda: '22200', vw: '141', ford: '7L596', bmw: '21 20', mb: '250', psa: '2052', mz: '16' }, xr: [dup('Valeo'), dup('Sachs'), dup('LuK'), oemReplacement, ['Sachs', 'tuning', 'forward'], ['LuK', 'replacement', 'forward'], oemPrevious] },
  { key: 'clutch-disc', es: 'Disco de embrague', en: 'Clutch disc', shape: 'disc', engine: true, g: { jp: '30100', toyota: '31250', hyundai: '41100', vw: '141', mz: '16' }, xr: [dup('Sachs'), ['Valeo', 'part whole', 'forward'], ['LuK', 'part whole', 'forward'], ['Sachs', 'part whole', 'forward'], dup('Valeo'), oemReplacement, oemPrevious, oemPrevious] },
  { key: 'release-bearing', es: 'Balinera de empuje (collarín)', en: 'Clutch release bearing', shape: 'bearing', engine: true, g: { jp: '30502', toyota: '31230', vw: '141', mz: '16' }, xr: [dup('SKF'), dup('Valeo'), ['LuK', 'part whole', 'forward'], dup('Sachs'), dup('Febi'), ['Valeo', 'part whole', 'forward'], oemReplacement, oemPrevious, oemPrevious] },
  { key: 'clutch-slave', es: 'Bomba auxiliar de embrague', en: 'Clutch slave cylinder', shape: 'pump', g: { jp: '30620', vw: '721', mz: '41' }, xr: [dup('Febi'), dup('Sachs'), dup('Valeo'), oemReplacement, oemPrevious, oemPrevious] },
  // Front suspension
  { key: 'shock-front', es: 'Amortiguador delantero', en: 'Front shock absorber', shape: 'shock', g: { jp: '54302', toyota: '48510', hyundai: '54651', honda: '51621', suzuki: '41601', vw: '413', ford: '18124', bmw: '31 31', mb: '323', psa: '5208', mz: '34' }, xr: [dup('Monroe'), dup('KYB'), dup('Sachs'), ['Bilstein', 'tuning', 'forward'], oemReplacement, ['Monroe', 'replacement', 'forward'], ['KYB', 'tuning', 'forward'], ['Sachs', 'replacement', 'forward'], oemPrevious] },
  { key: 'spring-front', es: 'Resorte delantero', en: 'Front coil spring', shape: 'spring', g: { jp: '54010', toyota: '48131', hyundai: '54630', vw: '411', ford: '5310', bmw: '31 33', mb: '321', psa: '5002', mz: '34' }, xr: [dup('KYB'), ['Eibach', 'tuning', 'forward'], dup('Sachs'), oemReplacement, oemPrevious, oemPrevious] },
  { key: 'strut-mount', es: 'Base de amortiguador', en: 'Strut mount', shape: 'bearing', g: { jp: '54320', toyota: '48609', hyundai: '54610', vw: '412', mz: '34' }, xr: [dup('Monroe'), dup('SKF'), dup('Febi'), dup('Sachs'), oemReplacement, oemPrevious, oemPrevious] },
  { key: 'shock-boot', es: 'Guardapolvo de amortiguador', en: 'Shock absorber boot', shape: 'hose', g: { jp: '54050', vw: '413', mz: '34' }, xr: [['Monroe', 'part whole', 'forward'], ['Sachs', 'part whole', 'forward'], dup('Febi'), oemReplacement, oemPrevious, oemPrevious] },
  { key: 'lower-arm', es: 'Tijera inferior', en: 'Lower control arm', shape: 'arm', g: { jp: '54500', toyota: '48068', hyundai: '54500', vw: '407', ford: '3A423', bmw: '31 12', mb: '330', psa: '3520', mz: '34' }, xr: [dup('TRW'), dup('Febi'), oemReplacement, ['Febi', 'part whole', 'forward'], oemPrevious] },
  { key: 'ball-joint', es: 'Rótula inferior', en: 'Lower ball joint', shape: 'bearing', g: { jp: '40160', toyota: '43330', hyundai: '51760', vw: '407', mz: '34' }, xr: [dup('TRW'), dup('Febi'), oemReplacement, ['TRW', 'part whole', 'forward'], oemPrevious] },
  { key: 'arm-bushing', es: 'Buje de tijera', en: 'Control arm bushing', shape: 'bearing', g: { jp: '54560', vw: '407', mz: '34' }, xr: [dup('Febi'), oemReplacement, ['Febi', 'part whole', 'forward'], oemPrevious] },
  { key: 'stabilizer-link', es: 'Link de barra estabilizadora', en: 'Stabilizer link', shape: 'bolt', g: { jp: '54618', toyota: '48820', hyundai: '54830', vw: '411', mz: '34' }, xr: [dup('TRW'), dup('Febi'), oemReplacement, oemPrevious, oemPrevious] },
  // Rear suspension
  { key: 'shock-rear', es: 'Amortiguador trasero', en: 'Rear shock absorber', shape: 'shock', g: { jp: '56210', toyota: '48531', hyundai: '55311', honda: '52611', suzuki: '41800', vw: '513', ford: '18125', bmw: '33 52', mb: '326', psa: '5206', mz: '28' }, xr: [dup('Monroe'), dup('KYB'), dup('Sachs'), ['Bilstein', 'tuning', 'forward'], oemReplacement, ['Monroe', 'replacement', 'forward'], ['KYB', 'tuning', 'forward'], ['Sachs', 'replacement', 'forward'], oemPrevious] },
  { key: 'spring-rear', es: 'Resorte trasero', en: 'Rear coil spring', shape: 'spring', g: { jp: '55020', toyota: '48231', hyundai: '55330', vw: '511', mz: '28' }, xr: [dup('KYB'), ['Eibach', 'tuning', 'forward'], dup('Sachs'), oemReplacement, oemPrevious, oemPrevious] },
  { key: 'rear-bushing', es: 'Buje del eje trasero', en: 'Rear axle bushing', shape: 'bearing', g: { jp: '55045', vw: '501', mz: '28' }, xr: [dup('Febi'), oemReplacement, oemPrevious, oemPrevious] },
  { key: 'wheel-bearing', es: 'Rodamiento de rueda trasera', en: 'Rear wheel bearing', shape: 'bearing', g: { jp: '43210', toyota: '42409', hyundai: '52750', vw: '598', mz: '26' }, xr: [dup('SKF'), dup('Febi'), ['SKF', 'part whole', 'forward'], oemReplacement, ['Febi', 'part whole', 'forward'], oemPrevious] },
  // Steering
  { key: 'tie-rod-end', es: 'Terminal de dirección', en: 'Tie rod end', shape: 'arm', g: { jp: '48520', toyota: '45046', hyundai: '56820', vw: '423', ford: '3A130', bmw: '32 10', mb: '460', psa: '3817', mz: '32' }, xr: [dup('TRW'), dup('Febi'), oemReplacement, ['TRW', 'part whole', 'forward'], oemPrevious] },
  { key: 'inner-tie-rod', es: 'Axial de dirección', en: 'Inner tie rod', shape: 'bolt', g: { jp: '48521', toyota: '45503', hyundai: '57724', vw: '423', mz: '32' }, xr: [dup('TRW'), dup('Febi'), oemReplacement, ['Febi', 'part whole', 'forward'], oemPrevious] },
  { key: 'rack-boot', es: 'Guardapolvo de cremallera', en: 'Steering rack boot', shape: 'hose', g: { jp: '48203', vw: '423', mz: '32' }, xr: [dup('Febi'), oemReplacement, ['Febi', 'part whole', 'forward'], oemPrevious] },
  // Brakes
  { key: 'front-pads', es: 'Pastillas de freno delanteras', en: 'Front brake pads', shape: 'pad', g: { jp: '41060', toyota: '04465', hyundai: '58101', honda: '45022', suzuki: '55810', vw: '698', ford: '2001', bmw: '34 11', mb: '420', psa: '4254', mz: '33' }, xr: [dup('Brembo'), dup('Bosch'), dup('TRW'), dup('Febi'), ['Brembo', 'tuning', 'forward'], oemReplacement, dup('Valeo'), ['Bosch', 'replacement', 'forward'], ['TRW', 'replacement', 'forward'], oemPrevious] },
  { key: 'front-disc', es: 'Disco de freno delantero', en: 'Front brake disc', shape: 'disc', g: { jp: '40206', toyota: '43512', hyundai: '51712', honda: '45251', suzuki: '55311', vw: '615', ford: '1125', bmw: '34 11', mb: '421', psa: '4246', mz: '33' }, xr: [dup('Brembo'), dup('Bosch'), dup('TRW'), dup('Febi'), dup('Valeo'), ['Brembo', 'tuning', 'forward'], oemReplacement, oemPrevious, oemPrevious] },
  { key: 'caliper', es: 'Caliper de freno delantero', en: 'Front brake caliper', shape: 'box', g: { jp: '41001', toyota: '47750', hyundai: '58180', vw: '615', mz: '33' }, xr: [dup('TRW'), dup('Bosch'), ['TRW', 'replacement', 'forward'], oemReplacement, oemPrevious, oemPrevious] },
  { key: 'abs-sensor', es: 'Sensor ABS delantero', en: 'Front ABS sensor', shape: 'sensor', g: { jp: '47910', toyota: '89542', hyundai: '95670', vw: '927', mz: '43' }, xr: [dup('Bosch'), dup('Febi'), dup('Valeo'), oemReplacement, oemPrevious, oemPrevious] },
  { key: 'rear-pads', es: 'Bandas de freno traseras', en: 'Rear brake shoes', shape: 'pad', g: { jp: '44060', toyota: '04495', hyundai: '58305', honda: '43153', vw: '609', ford: '2200', bmw: '34 21', mb: '423', psa: '4241', mz: '26' }, xr: [dup('Brembo'), dup('Bosch'), dup('TRW'), dup('Febi'), dup('Valeo'), oemReplacement, oemPrevious, oemPrevious] },
  { key: 'rear-drum', es: 'Campana de freno trasera', en: 'Rear brake drum', shape: 'disc', g: { jp: '43206', toyota: '42431', hyundai: '58411', vw: '501', mz: '26' }, xr: [dup('Brembo'), dup('TRW'), dup('Bosch'), dup('Febi'), oemReplacement, oemPrevious, oemPrevious] },
  { key: 'wheel-cylinder', es: 'Cilindro de rueda trasero', en: 'Rear wheel cylinder', shape: 'pump', g: { jp: '44100', toyota: '47550', vw: '611', mz: '26' }, xr: [dup('TRW'), dup('Bosch'), dup('Febi'), oemReplacement, oemPrevious, oemPrevious] },
  // Electrical
  { key: 'alternator', es: 'Alternador', en: 'Alternator', shape: 'pump', engine: true, g: { jp: '23100', toyota: '27060', hyundai: '37300', honda: '31100', vw: '903', ford: '10300', bmw: '12 31', mb: '154', psa: '5705', mz: '18' }, xr: [dup('Bosch'), dup('Valeo'), dup('Denso'), oemReplacement, ['Bosch', 'replacement', 'forward'], ['Valeo', 'replacement', 'forward'], oemPrevious] },
  { key: 'starter', es: 'Motor de arranque', en: 'Starter motor', shape: 'pump', engine: true, g: { jp: '23300', toyota: '28100', hyundai: '36100', honda: '31200', vw: '911', ford: '11002', bmw: '12 41', mb: '151', psa: '5802', mz: '18' }, xr: [dup('Bosch'), dup('Valeo'), oemReplacement, ['Bosch', 'replacement', 'forward'], ['Valeo', 'replacement', 'forward'], oemPrevious] },
  { key: 'voltage-regulator', es: 'Regulador de voltaje', en: 'Voltage regulator', shape: 'box', engine: true, g: { jp: '23215', vw: '903', mz: '18' }, xr: [dup('Bosch'), dup('Valeo'), oemReplacement, oemPrevious, oemPrevious] },
  { key: 'headlamp', es: 'Farola delantera', en: 'Headlamp', shape: 'lamp', g: { jp: '26010', toyota: '81150', hyundai: '92101', vw: '941', mz: '51' }, xr: [dup('Depo'), dup('Valeo'), oemReplacement, oemPrevious, oemPrevious] },
  { key: 'tail-lamp', es: 'Stop trasero', en: 'Tail lamp', shape: 'lamp', g: { jp: '26550', toyota: '81550', hyundai: '92401', vw: '945', mz: '51' }, xr: [dup('Depo'), dup('Valeo'), oemReplacement, oemPrevious, oemPrevious] },
  { key: 'h4-bulb', es: 'Bombillo H4 12V 60/55W', en: 'H4 bulb 12V 60/55W', shape: 'lamp', g: { jp: '26294', toyota: '90981', vw: '999', mz: '51' }, xr: [dup('Osram'), dup('Philips'), ['Osram', 'tuning', 'forward'], dup('Bosch'), oemReplacement, oemPrevious, oemPrevious] },
  // Body
  { key: 'front-bumper', es: 'Parachoques delantero', en: 'Front bumper cover', shape: 'box', g: { jp: '62022', toyota: '52119', hyundai: '86511', vw: '807', mz: '50' }, xr: [oemReplacement, oemPrevious] },
  { key: 'grille', es: 'Rejilla frontal', en: 'Front grille', shape: 'box', g: { jp: '62310', toyota: '53111', hyundai: '86350', vw: '853', mz: '50' }, xr: [oemReplacement, oemPrevious] },
  { key: 'mirror', es: 'Espejo retrovisor exterior', en: 'Outside mirror', shape: 'lamp', g: { jp: '96301', toyota: '87910', hyundai: '87610', vw: '857', mz: '69' }, xr: [dup('Depo'), oemReplacement, oemPrevious, oemPrevious] },
  { key: 'fender', es: 'Guardafango delantero', en: 'Front fender', shape: 'arm', g: { jp: '63100', toyota: '53811', hyundai: '66311', vw: '821', mz: '52' }, xr: [oemReplacement, oemPrevious] },
];

export const PART_TYPE_BY_KEY = new Map(PART_TYPES.map((p) => [p.key, p]));

export interface PlatformKind {
  fuel: string;
  motorcycle: boolean;
}

type Rule = 'all' | 'car' | 'ice' | 'ice-car' | 'gasoline' | 'diesel';
export function ruleApplies(rule: Rule | undefined, k: PlatformKind): boolean {
  const ice = k.fuel !== 'Eléctrico';
  switch (rule ?? 'all') {
    case 'all': return true;
    case 'car': return !k.motorcycle;
    case 'ice': return ice;
    case 'ice-car': return ice && !k.motorcycle;
    case 'gasoline': return k.fuel === 'Gasolina' || k.fuel === 'Híbrido';
    case 'diesel': return k.fuel === 'Diésel';
  }
}

/** amount: a number, or 'cyl' for one per cylinder. */
export interface UnitTemplate {
  key: string;
  sub: string;
  code: string;
  es: string;
  en: string;
  rule?: Rule;
  parts: [partType: string, amount: number | 'cyl', rule?: Rule][];
}

export const UNIT_TEMPLATES: UnitTemplate[] = [
  { key: 'culata', sub: 'culata', code: '101-010', es: 'Culata, tapa de válvulas y empaques', en: 'Cylinder head, valve cover and gaskets', rule: 'ice', parts: [['head-gasket', 1], ['valve-cover-gasket', 1], ['head-bolt', 10], ['valve-seal', 16]] },
  { key: 'distribucion', sub: 'distribucion', code: '101-020', es: 'Correa de distribución y tensores', en: 'Timing belt and tensioners', rule: 'ice-car', parts: [['timing-belt', 1], ['timing-tensioner', 1], ['idler-pulley', 1], ['crank-seal', 1]] },
  { key: 'lubricacion', sub: 'lubricacion', code: '101-030', es: 'Bomba de aceite y cárter', en: 'Oil pump and oil pan', rule: 'ice', parts: [['oil-pump', 1], ['oil-pan', 1], ['drain-plug', 1], ['oil-pressure-sensor', 1]] },
  { key: 'inyeccion', sub: 'inyeccion', code: '102-010', es: 'Inyectores y bomba de combustible', en: 'Injectors and fuel pump', rule: 'ice', parts: [['injector', 'cyl'], ['fuel-pump', 1], ['throttle-body', 1, 'gasoline']] },
  { key: 'bujias', sub: 'bujias', code: '103-010', es: 'Bujías y bobinas de encendido', en: 'Spark plugs and ignition coils', rule: 'gasoline', parts: [['spark-plug', 'cyl'], ['ignition-coil', 'cyl']] },
  { key: 'precalentamiento', sub: 'precalentamiento', code: '103-020', es: 'Bujías de precalentamiento', en: 'Glow plugs', rule: 'diesel', parts: [['glow-plug', 'cyl'], ['glow-relay', 1]] },
  { key: 'bomba-agua', sub: 'bomba-agua', code: '104-010', es: 'Bomba de agua y termostato', en: 'Water pump and thermostat', rule: 'ice-car', parts: [['water-pump', 1], ['water-pump-gasket', 1], ['thermostat', 1]] },
  { key: 'radiador', sub: 'radiador', code: '104-020', es: 'Radiador, mangueras y electroventilador', en: 'Radiator, hoses and fan', rule: 'car', parts: [['radiator', 1], ['upper-hose', 1], ['lower-hose', 1], ['radiator-cap', 1], ['fan', 1]] },
  { key: 'escape', sub: 'escape-linea', code: '105-010', es: 'Línea de escape', en: 'Exhaust line', rule: 'ice', parts: [['exhaust-gasket', 1], ['catalytic', 1], ['muffler', 1], ['o2-sensor', 1], ['exhaust-clamp', 2]] },
  { key: 'embrague', sub: 'embrague-kit', code: '106-010', es: 'Embrague y mando', en: 'Clutch and actuation', rule: 'ice-car', parts: [['clutch-kit', 1], ['clutch-disc', 1], ['release-bearing', 1], ['clutch-slave', 1]] },
  { key: 'amort-del', sub: 'amort-del', code: '107-010', es: 'Amortiguadores y resortes delanteros', en: 'Front shocks and springs', parts: [['shock-front', 2], ['spring-front', 2, 'car'], ['strut-mount', 2, 'car'], ['shock-boot', 2]] },
  { key: 'brazos', sub: 'brazos', code: '107-020', es: 'Tijeras, rótulas y estabilizadora', en: 'Control arms, ball joints and stabilizer', rule: 'car', parts: [['lower-arm', 2], ['ball-joint', 2], ['arm-bushing', 4], ['stabilizer-link', 2]] },
  { key: 'amort-tras', sub: 'amort-tras', code: '108-010', es: 'Suspensión trasera', en: 'Rear suspension', parts: [['shock-rear', 2], ['spring-rear', 2, 'car'], ['rear-bushing', 2, 'car'], ['wheel-bearing', 2]] },
  { key: 'terminales', sub: 'terminales', code: '109-010', es: 'Terminales, axiales y guardapolvos', en: 'Tie rod ends, inner tie rods and boots', rule: 'car', parts: [['tie-rod-end', 2], ['inner-tie-rod', 2], ['rack-boot', 2]] },
  { key: 'frenos-del', sub: 'frenos-del', code: '110-010', es: 'Frenos delanteros', en: 'Front brakes', parts: [['front-pads', 1], ['front-disc', 2], ['caliper', 2], ['abs-sensor', 2, 'car']] },
  { key: 'frenos-tras', sub: 'frenos-tras', code: '110-020', es: 'Frenos traseros', en: 'Rear brakes', rule: 'car', parts: [['rear-pads', 1], ['rear-drum', 2], ['wheel-cylinder', 2]] },
  { key: 'arranque', sub: 'arranque', code: '111-010', es: 'Alternador y motor de arranque', en: 'Alternator and starter', rule: 'ice', parts: [['alternator', 1], ['starter', 1], ['voltage-regulator', 1]] },
  { key: 'iluminacion', sub: 'iluminacion', code: '111-020', es: 'Farolas y stops', en: 'Headlamps and tail lamps', parts: [['headlamp', 2], ['tail-lamp', 2], ['h4-bulb', 2]] },
  { key: 'frontal', sub: 'frontal', code: '112-010', es: 'Parachoques, rejilla y espejos', en: 'Bumper, grille and mirrors', rule: 'car', parts: [['front-bumper', 1], ['grille', 1], ['mirror', 2], ['fender', 2]] },
  { key: 'filtros', sub: 'filtros-kit', code: '113-010', es: 'Filtros de mantenimiento', en: 'Service filters', parts: [['oil-filter', 1, 'ice'], ['air-filter', 1, 'ice'], ['cabin-filter', 1, 'car'], ['fuel-filter', 1, 'ice-car']] },
  { key: 'correas', sub: 'correas', code: '113-020', es: 'Correa de accesorios y tensor', en: 'Accessory belt and tensioner', rule: 'ice-car', parts: [['accessory-belt', 1], ['belt-tensioner', 1]] },
  { key: 'plumillas', sub: 'plumillas', code: '113-030', es: 'Limpiaparabrisas', en: 'Windscreen wipers', rule: 'car', parts: [['wiper-driver', 1], ['wiper-passenger', 1], ['wiper-motor', 1]] },
];

export interface QuickGroupDef {
  key: string;
  es: string;
  en: string;
  parts?: string[];
  children?: QuickGroupDef[];
}

/** Quick groups: up to four levels (Mantenimiento › Filtros › Filtro de aceite …). */
export const QUICK_GROUPS: QuickGroupDef[] = [
  {
    key: 'mantenimiento', es: 'Mantenimiento', en: 'Maintenance', children: [
      { key: 'mant-filtros', es: 'Filtros', en: 'Filters', children: [
        { key: 'qg-oil-filter', es: 'Filtro de aceite', en: 'Oil filter', parts: ['oil-filter'] },
        { key: 'qg-air-filter', es: 'Filtro de aire', en: 'Air filter', parts: ['air-filter'] },
        { key: 'qg-cabin-filter', es: 'Filtro de cabina', en: 'Cabin filter', parts: ['cabin-filter'] },
        { key: 'qg-fuel-filter', es: 'Filtro de combustible', en: 'Fuel filter', parts: ['fuel-filter'] },
      ] },
      { key: 'mant-encendido', es: 'Encendido', en: 'Ignition', children: [
        { key: 'qg-bujias', es: 'Bujías', en: 'Spark plugs', children: [
          { key: 'qg-spark-plug', es: 'Bujía de encendido', en: 'Spark plug', parts: ['spark-plug'] },
          { key: 'qg-glow-plug', es: 'Bujía de precalentamiento', en: 'Glow plug', parts: ['glow-plug'] },
        ] },
        { key: 'qg-coil', es: 'Bobinas', en: 'Ignition coils', parts: ['ignition-coil'] },
      ] },
      { key: 'mant-correas', es: 'Correas', en: 'Belts', children: [
        { key: 'qg-timing', es: 'Kit de distribución', en: 'Timing kit', children: [
          { key: 'qg-timing-belt', es: 'Correa de distribución', en: 'Timing belt', parts: ['timing-belt'] },
          { key: 'qg-timing-tensioner', es: 'Tensor y polea loca', en: 'Tensioner and idler', parts: ['timing-tensioner', 'idler-pulley'] },
        ] },
        { key: 'qg-accessory-belt', es: 'Correa de accesorios', en: 'Accessory belt', parts: ['accessory-belt', 'belt-tensioner'] },
      ] },
      { key: 'qg-wipers', es: 'Plumillas', en: 'Wiper blades', parts: ['wiper-driver', 'wiper-passenger'] },
    ],
  },
  {
    key: 'qg-frenos', es: 'Frenos', en: 'Brakes', children: [
      { key: 'qg-frenos-del', es: 'Frenos delanteros', en: 'Front brakes', children: [
        { key: 'qg-front-pads', es: 'Pastillas', en: 'Pads', parts: ['front-pads'] },
        { key: 'qg-front-disc', es: 'Discos', en: 'Discs', parts: ['front-disc'] },
      ] },
      { key: 'qg-frenos-tras', es: 'Frenos traseros', en: 'Rear brakes', parts: ['rear-pads', 'rear-drum', 'wheel-cylinder'] },
    ],
  },
  {
    key: 'qg-suspension', es: 'Suspensión y dirección', en: 'Suspension and steering', children: [
      { key: 'qg-amortiguadores', es: 'Amortiguadores', en: 'Shock absorbers', children: [
        { key: 'qg-shock-front', es: 'Delanteros', en: 'Front', parts: ['shock-front', 'strut-mount'] },
        { key: 'qg-shock-rear', es: 'Traseros', en: 'Rear', parts: ['shock-rear'] },
      ] },
      { key: 'qg-direccion', es: 'Terminales y axiales', en: 'Tie rods', parts: ['tie-rod-end', 'inner-tie-rod'] },
      { key: 'qg-rotulas', es: 'Rótulas y tijeras', en: 'Ball joints and arms', parts: ['ball-joint', 'lower-arm'] },
    ],
  },
  {
    key: 'qg-motor', es: 'Motor', en: 'Engine', children: [
      { key: 'qg-refrigeracion', es: 'Refrigeración', en: 'Cooling', children: [
        { key: 'qg-water-pump', es: 'Bomba de agua', en: 'Water pump', parts: ['water-pump'] },
        { key: 'qg-thermostat', es: 'Termostato', en: 'Thermostat', parts: ['thermostat'] },
      ] },
      { key: 'qg-empaques', es: 'Empaques', en: 'Gaskets', parts: ['head-gasket', 'valve-cover-gasket', 'exhaust-gasket'] },
      { key: 'qg-embrague', es: 'Embrague', en: 'Clutch', parts: ['clutch-kit', 'clutch-disc', 'release-bearing'] },
    ],
  },
  {
    key: 'qg-electrico', es: 'Eléctrico', en: 'Electrical', children: [
      { key: 'qg-carga', es: 'Arranque y carga', en: 'Starting and charging', parts: ['alternator', 'starter'] },
      { key: 'qg-sensores', es: 'Sensores', en: 'Sensors', parts: ['o2-sensor', 'abs-sensor', 'oil-pressure-sensor'] },
      { key: 'qg-iluminacion', es: 'Iluminación', en: 'Lighting', parts: ['headlamp', 'tail-lamp', 'h4-bulb'] },
    ],
  },
];
