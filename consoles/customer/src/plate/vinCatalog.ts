import { useEffect, useState } from 'react';
import { isVehicleToken } from '@tuerca/contracts';
import { api } from '../app/api';

const checks = new Map<string, Promise<boolean>>();

/** GET /catalogo/catalogV2/VINHasCatalog (001 §7) with a VIN or the vehicle's opaque token, once per value and page load. */
export function vinHasCatalog(vinOrToken: string): Promise<boolean> {
  let check = checks.get(vinOrToken);
  if (!check) {
    check = api
      .get<unknown>('/catalogo/catalogV2/VINHasCatalog', { VIN: vinOrToken })
      .then((r) => Boolean(r.data))
      .catch(() => {
        checks.delete(vinOrToken);
        return false;
      });
    checks.set(vinOrToken, check);
  }
  return check;
}

/** 'Ver partes en el catálogo': the VIN page with the vehicle's token (never its VIN, which may not be the person's to see). */
export function catalogSearchPath(vinOrToken: string): string {
  return `/catalogo/catalog/v2/search/${encodeURIComponent(vinOrToken)}`;
}

/**
 * 001 §4 "VIN catalogue check. Sets vehicle-has-catalog or not-found. The check needs the catalogue to be
 * active and skips test vehicles." The card asks the catalogue itself — the same answer its VIN lookup gives
 * — with the opaque token garage and the plate lookup hand out. null while checking.
 */
export function useVinHasCatalog(vinOrToken: string | null | undefined, isTest = false): boolean | null {
  const usable = Boolean(vinOrToken) && (isVehicleToken(vinOrToken!) || vinOrToken!.length === 17);
  const settled = !usable || isTest ? false : null;
  const [checked, setChecked] = useState<{ key: string; has: boolean } | null>(null);
  useEffect(() => {
    if (settled !== null || !vinOrToken) return;
    let live = true;
    void vinHasCatalog(vinOrToken).then((has) => live && setChecked({ key: vinOrToken, has }));
    return () => {
      live = false;
    };
  }, [vinOrToken, settled]);
  if (settled !== null) return settled;
  return checked && checked.key === vinOrToken ? checked.has : null;
}
