/** Row shapes of the demo OEM catalogue (Laximo-like version 2 shape, see catalogue spec §3). */

export const CATALOG_FEATURES = ['vinsearch', 'framesearch', 'wizardsearch2', 'quickgroups', 'detailapplicability'] as const;
export type CatalogFeature = (typeof CATALOG_FEATURES)[number];

/** The spec's substitution types (catalogue spec §3 "Substitution group"). */
export const CROSS_REFERENCE_TYPES = ['duplicate', 'replacement', 'part whole', 'tuning', 'synonym', 'code'] as const;
export type CrossReferenceType = (typeof CROSS_REFERENCE_TYPES)[number];
/** The same types as the Laximo OEM service names them. */
export const LAXIMO_CROSS_TYPES: Record<CrossReferenceType, string> = {
  duplicate: 'Duplicate',
  replacement: 'Replacement',
  'part whole': 'PartOfTheWhole',
  tuning: 'Tuning',
  synonym: 'Synonym',
  code: 'Code',
};
export const CROSS_REFERENCE_WAYS = ['forward', 'backward', 'bidirectional'] as const;
export type CrossReferenceWay = (typeof CROSS_REFERENCE_WAYS)[number];

export interface NameValue {
  name: string;
  value: string;
}

export interface DemoCatalog {
  catalogId: string;
  code: string;
  brand: string;
  makeKey: string;
  name: string;
  /** A catalogue of motorcycles (Honda Motos beside Honda's cars). */
  motorcycles: boolean;
  features: { name: CatalogFeature }[];
}

/** One shared set of units: a model with one engine (and, above scale 1, one production series). */
export interface DemoPlatform {
  platformId: string;
  key: string;
  catalogCode: string;
  makeKey: string;
  make: string;
  model: string;
  engineCode: string;
  displacementCc: number;
  fuel: string;
  cylinders: number;
  motorcycle: boolean;
  /** Motorcycles: a carburettor (else injection) and a rear drum brake (else a disc). */
  carbureted: boolean;
  rearDrum: boolean;
  /** The engine as aftermarket makers catalogue it (see engineFamily). */
  family: string;
  /** 0 at scale 1; 0..scale-1 above it. */
  series: number;
  /** The first platform with this make, engine and series: its engine parts carry the cross-references. */
  engineCanonical: boolean;
}

export interface DemoCatalogVehicle {
  vehicleId: string;
  platformId: string;
  catalog: string;
  brand: string;
  name: string;
  ssd: string;
  yearFrom: number;
  yearTo: number;
  market: 'CO' | 'MX';
  attributes: NameValue[];
  /** VINs that belong to this vehicle (the catalogue's own VIN index). */
  vins: string[];
  /** Japanese-market frame numbers (e.g. GRJ150-0012345); empty for other makes. */
  frames: string[];
}

export interface DemoCategory {
  categoryId: string;
  key: string;
  code: string;
  name: string;
  nameEn: string;
  parentKey: string | null;
  childrens: DemoCategory[];
}

export interface DemoQuickGroup {
  quickGroupId: string;
  key: string;
  name: string;
  nameEn: string;
  /** Part types (DemoPart.partType) listed by listQuickDetail for a leaf group. */
  partTypes: string[];
  childGroups: DemoQuickGroup[];
}

export interface ImageMapBox {
  code: string;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export interface DemoUnit {
  unitId: string;
  platformId: string;
  catalogCode: string;
  categoryKey: string;
  categoryId: string;
  code: string;
  name: string;
  nameEn: string;
  ssd: string;
  imageUrl: string;
  largeImageUrl: string;
  /** SVG exploded diagram, viewBox 0 0 800 600. */
  svg: string;
  imageMap: ImageMapBox[];
}

export interface DemoPart {
  partId: string;
  unitId: string;
  platformId: string;
  catalogCode: string;
  manufacturer: string;
  codeOnImage: string;
  oem: string;
  oemNormalized: string;
  partType: string;
  name: string;
  nameEn: string;
  amount: number;
  match: boolean;
  /** The OEM number is on several platforms: engine parts (every model with the engine) and universal parts (every model of the make with the design). */
  shared: boolean;
  /** The first row of this OEM number in the catalogue's order: its cross-references and listings hang off this one. */
  canonical: boolean;
  /**
   * What the part fits, as its cross-references share it: `vehicle:<platform>`, `engine:<family>|s<series>`
   * or `design:<part type>|<design>`. Every aftermarket number crosses OEM numbers of one fitment only.
   */
  fitment: string;
  attributes: NameValue[];
}

export interface DemoCrossReference {
  id: string;
  oem: string;
  oemNormalized: string;
  manufacturer: string;
  catalogCode: string;
  partType: string;
  type: CrossReferenceType;
  way: CrossReferenceWay;
  /** The OEM part's fitment (DemoPart.fitment): the other number fits exactly that. */
  fitment: string;
  part: { manufacturer: string; formattedOem: string; oemNormalized: string; name: string };
}

export interface CatalogCounts {
  catalogs: number;
  platforms: number;
  vehicles: number;
  vins: number;
  frames: number;
  units: number;
  parts: number;
  crossReferences: number;
}
