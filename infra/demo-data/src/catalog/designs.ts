import { hash } from './number-book.js';

/**
 * Designs of the universal part types: a spark plug is a thread, a reach and a heat range; a bulb is a
 * base and a wattage; a wiper blade is a length; a poly-V belt is a rib count and a length. Many
 * vehicles of many makes take the same design, so an aftermarket number of a design fits all of them
 * (a realistic fan-out that does not grow with the catalogue's size), while each make writes its own
 * OEM number for it.
 *
 * `numbers` are the designs' names that are also the part numbers in the trade (a belt's size, a
 * battery's size code, Osram's and Philips' H4 numbers); the other brands' numbers are drawn.
 */
export interface Design {
  key: string;
  /** What the design is, in Spanish (the part's attributes). */
  label: string;
  /** Motorcycle designs (a motorcycle takes these, a car the others); both when absent. */
  moto?: boolean;
  /** Part numbers that are the design's own name, by brand. */
  numbers?: Record<string, string>;
}

const plug = (key: string, label: string, moto = false): Design => ({ key, label, moto });

const belt = (size: string): Design => {
  const [, ribs, length] = /^(\d)PK(\d+)$/.exec(size)!;
  // spec-free fact: the ribs and the effective length in mm are the belt's name at every maker.
  return {
    key: size,
    label: `Correa poly-V ${ribs} canales, ${length} mm`,
    moto: false,
    numbers: { Gates: size, Dayco: size, Continental: size, Bosch: `${ribs} PK ${length}` },
  };
};

const chain = (pitch: '428' | '520', links: number): Design => ({
  key: `${pitch}x${links}`,
  label: `Cadena ${pitch}, ${links} eslabones`,
  moto: true,
  numbers:
    pitch === '428'
      ? { DID: `428HD-${links}`, RK: `428H-${links}` }
      : { DID: `520NZ-${links}`, RK: `520MXZ-${links}`, 'DID tuning': `520VX3-${links}` },
});

const battery = (code: string, label: string): Design => ({ key: code, label, moto: true, numbers: { Yuasa: code } });

export const DESIGNS: Record<string, Design[]> = {
  'spark-plug': [
    plug('m14-19-5', 'Rosca M14×1,25, alcance 19 mm, hexágono 16 mm, grado térmico 5'),
    plug('m14-19-6', 'Rosca M14×1,25, alcance 19 mm, hexágono 16 mm, grado térmico 6'),
    plug('m14-19-7', 'Rosca M14×1,25, alcance 19 mm, hexágono 16 mm, grado térmico 7'),
    plug('m14-19-6-ir', 'Rosca M14×1,25, alcance 19 mm, punta de iridio, grado térmico 6'),
    plug('m12-26-6', 'Rosca M12×1,25, alcance 26,5 mm, hexágono 14 mm, grado térmico 6'),
    plug('m12-26-7-ir', 'Rosca M12×1,25, alcance 26,5 mm, punta de iridio, grado térmico 7'),
    plug('m14-26-6', 'Rosca M14×1,25, alcance 26,5 mm, hexágono 16 mm, grado térmico 6'),
    plug('m12-19-6', 'Rosca M12×1,25, alcance 19 mm, hexágono 14 mm, grado térmico 6'),
    plug('m10-12-7', 'Rosca M10×1,0, alcance 12,7 mm, grado térmico 7', true),
    plug('m10-19-8', 'Rosca M10×1,0, alcance 19 mm, grado térmico 8', true),
    plug('m12-19-8', 'Rosca M12×1,25, alcance 19 mm, grado térmico 8', true),
    plug('m10-19-9-ir', 'Rosca M10×1,0, alcance 19 mm, punta de iridio, grado térmico 9', true),
  ],
  'glow-plug': [
    plug('m10-11v', 'Rosca M10×1,0, 11 V, incandescencia rápida'),
    plug('m10-5v', 'Rosca M10×1,0, 5 V, incandescencia rápida'),
    plug('m8-45v', 'Rosca M8×1,0, 4,4 V, cerámica'),
    plug('m12-11v', 'Rosca M12×1,25, 11 V'),
  ],
  'accessory-belt': [
    '4PK850',
    '4PK1100',
    '5PK1150',
    '5PK1200',
    '6PK1040',
    '6PK1193',
    '6PK1240',
    '6PK1370',
    '6PK1550',
    '6PK1750',
    '6PK1880',
    '6PK2050',
    '6PK2200',
    '7PK1540',
    '7PK2000',
    '8PK1600',
  ].map(belt),
  'h4-bulb': [
    {
      key: 'h4-60-55',
      label: 'Base P43t, 12 V, 60/55 W',
      // The trade's own numbers for a standard H4 bulb (and Osram's Night Breaker Silver, its tuning).
      numbers: { Osram: '64193', 'Osram tuning': '64193NBS', Philips: '12342PRC1', Bosch: '1 987 302 041' },
    },
  ],
  'wiper-driver': [16, 18, 20, 21, 22, 24, 26].map((inch) => ({
    key: `${inch}in`,
    label: `Longitud ${inch}" (${Math.round(inch * 25.4)} mm)`,
    moto: false,
  })),
  'wiper-passenger': [14, 16, 17, 18, 19, 20].map((inch) => ({
    key: `${inch}in`,
    label: `Longitud ${inch}" (${Math.round(inch * 25.4)} mm)`,
    moto: false,
  })),
  'drain-plug': [
    { key: 'm12x1.5', label: 'Rosca M12×1,5 con arandela' },
    { key: 'm14x1.5', label: 'Rosca M14×1,5 con arandela' },
    { key: 'm16x1.5', label: 'Rosca M16×1,5 con arandela' },
    { key: 'm20x1.5', label: 'Rosca M20×1,5 con arandela' },
    { key: 'm12x1.25', label: 'Rosca M12×1,25 con arandela', moto: true },
    { key: 'm14x1.25', label: 'Rosca M14×1,25 con arandela', moto: true },
  ],
  'exhaust-clamp': [45, 50, 55, 60, 65].map((mm) => ({ key: `${mm}mm`, label: `Abrazadera para tubo de ${mm} mm` })),
  chain: [
    chain('428', 118),
    chain('428', 124),
    chain('428', 130),
    chain('520', 108),
    chain('520', 110),
    chain('520', 112),
    chain('520', 114),
  ],
  'fork-seal': [
    { key: '27x39', label: 'Retenedor 27×39×10,5 mm', moto: true },
    { key: '31x43', label: 'Retenedor 31×43×10,3 mm', moto: true },
    { key: '33x46', label: 'Retenedor 33×46×11 mm', moto: true },
    { key: '37x50', label: 'Retenedor 37×50×11 mm', moto: true },
    { key: '41x53', label: 'Retenedor 41×53×8/10,5 mm', moto: true },
    { key: '43x55', label: 'Retenedor 43×55×9,5/10 mm', moto: true },
  ],
  battery: [
    battery('YTX5L-BS', 'Batería AGM 12 V 4 Ah, 113×70×105 mm'),
    battery('YTX7L-BS', 'Batería AGM 12 V 6 Ah, 113×70×130 mm'),
    battery('YTZ7S', 'Batería AGM 12 V 6 Ah, 113×70×105 mm'),
    battery('YTX9-BS', 'Batería AGM 12 V 8 Ah, 150×87×105 mm'),
    battery('YB5L-B', 'Batería convencional 12 V 5 Ah, 120×60×130 mm'),
    battery('YTZ10S', 'Batería AGM 12 V 8,6 Ah, 150×87×93 mm'),
  ],
};

export interface DesignTaker {
  makeKey: string;
  model: string;
  engineCode: string;
  motorcycle: boolean;
  displacementCc: number;
}

/** Part types whose design follows the engine (plugs, glow plugs, belts); the others follow the model. */
const BY_ENGINE = new Set(['spark-plug', 'glow-plug', 'accessory-belt']);

/**
 * The design a vehicle takes for a universal part type: the same for every production series of a
 * platform, so universal numbers do not multiply with the scale. Motorcycles take motorcycle designs
 * (the drive chain by displacement: 428 up to 150 cc, 520 above).
 */
const chosen = new Map<string, Design>();

export function designFor(partType: string, v: DesignTaker): Design {
  const key = `${partType}|${v.makeKey}|${v.model}|${v.engineCode}`;
  let design = chosen.get(key);
  if (!design) chosen.set(key, (design = choose(partType, v)));
  return design;
}

function choose(partType: string, v: DesignTaker): Design {
  const all = DESIGNS[partType];
  if (!all) throw new Error(`no designs for ${partType}`);
  let pool = all.filter((d) => d.moto === undefined || d.moto === v.motorcycle);
  if (partType === 'chain') pool = pool.filter((d) => d.key.startsWith(v.displacementCc <= 150 ? '428' : '520'));
  if (pool.length === 0) pool = all;
  const basis = BY_ENGINE.has(partType) ? `${v.makeKey}|${v.engineCode}` : `${v.makeKey}|${v.model}`;
  return pool[hash(`${partType}|${basis}`, 0x2545f491) % pool.length]!;
}
