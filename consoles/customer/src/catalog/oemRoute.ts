import { segment, V2 } from './routes';

/** The OEM finder's route values (001 §2 oemParams: oem, optionally catalog, vid, v, ssd, uid, q). */
export interface OemRoute {
  oem: string;
  catalog: string | null;
  vid: string | null;
  v: string | null;
  ssd: string | null;
  uid: string | null;
  q: string | null;
}

export type OemScenario = 'catalogs' | 'vehicles' | 'groups' | 'parts';

/** 001 §2: "oem alone gives catalogs, plus catalog gives vehicles, plus vid gives groups, plus uid gives parts." */
export function oemScenario(r: OemRoute): OemScenario {
  if (r.uid && r.vid && r.catalog) return 'parts';
  if (r.vid && r.catalog) return 'groups';
  if (r.catalog) return 'vehicles';
  return 'catalogs';
}

export function parseOemParams(raw: string): OemRoute {
  const p = new URLSearchParams(raw.replace(/\+/g, '%2B'));
  const get = (k: string) => {
    const v = p.get(k);
    return v === null || v === '' ? null : v;
  };
  return {
    oem: p.get('oem') ?? '',
    catalog: get('catalog'),
    vid: get('vid'),
    v: get('v'),
    ssd: get('ssd'),
    uid: get('uid'),
    q: get('q'),
  };
}

/** /catalogo/catalog/v2/{oemParams}/searchOem (named route searchOemV2); values URL-encoded one by one. */
export function oemPath(r: Partial<OemRoute> & { oem: string }): string {
  return `${V2}/${segment({ oem: r.oem, catalog: r.catalog, vid: r.vid, v: r.v, ssd: r.ssd, uid: r.uid, q: r.q })}/searchOem`;
}

/** Part numbers compared as the catalogue normalises them: letters and digits only, upper-case. */
export function sameOem(a: string | null | undefined, b: string | null | undefined): boolean {
  const n = (s: string) => s.replace(/[^0-9a-z]/gi, '').toUpperCase();
  return Boolean(a && b) && n(a!) === n(b!);
}
