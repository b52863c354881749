import { useEffect, useState } from 'react';
import { api } from '../app/api';

const checks = new Map<string, Promise<boolean>>();

/** GET /catalogo/catalogV2/VINHasCatalog (001 §7), once per VIN and page load. */
export function vinHasCatalog(vin: string): Promise<boolean> {
  let check = checks.get(vin);
  if (!check) {
    check = api
      .get<unknown>('/catalogo/catalogV2/VINHasCatalog', { VIN: vin })
      .then((r) => Boolean(r.data))
      .catch(() => {
        checks.delete(vin);
        return false;
      });
    checks.set(vin, check);
  }
  return check;
}

/**
 * 001 §4 "VIN catalogue check. Sets vehicle-has-catalog or not-found. The check needs the catalogue to be
 * active and skips test vehicles." Garage and plate answers carry `hasCatalog` (null while the catalogue
 * has said nothing about the VIN); only then is the catalogue asked. null while checking.
 */
export function useVinHasCatalog(vin: string | null | undefined, known: boolean | null | undefined, isTest = false): boolean | null {
  const settled = !vin || vin.length !== 17 || isTest ? false : typeof known === 'boolean' ? known : null;
  const [checked, setChecked] = useState<{ vin: string; has: boolean } | null>(null);
  useEffect(() => {
    if (settled !== null || !vin) return;
    let live = true;
    void vinHasCatalog(vin).then((has) => live && setChecked({ vin, has }));
    return () => {
      live = false;
    };
  }, [vin, settled]);
  if (settled !== null) return settled;
  return checked && checked.vin === vin ? checked.has : null;
}
