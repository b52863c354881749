import { useSyncExternalStore } from 'react';
import { CATALOG_LANGUAGES, type CatalogLanguage } from '@tuerca/contracts';
import { readLocal, STORAGE_KEYS, writeLocal } from '../app/storage';

const EVENT = 'tuerca:catalog-language';

/** The catalogue language (27 codes), stored locally; es_ES by default (000 §3, 001 §9). */
export function catalogLanguage(): CatalogLanguage {
  const v = readLocal<string>(STORAGE_KEYS.language, 'es_ES');
  return (CATALOG_LANGUAGES as readonly string[]).includes(v) ? (v as CatalogLanguage) : 'es_ES';
}

export function setCatalogLanguage(lang: CatalogLanguage) {
  writeLocal(STORAGE_KEYS.language, lang);
  window.dispatchEvent(new Event(EVENT));
}

export function useCatalogLanguage(): CatalogLanguage {
  return useSyncExternalStore((cb) => {
    window.addEventListener(EVENT, cb);
    return () => window.removeEventListener(EVENT, cb);
  }, catalogLanguage);
}

/** 'es_ES' → 'languages.esES'. */
export function languageKey(code: CatalogLanguage) {
  return `languages.${code.replace('_', '')}` as `languages.${string}`;
}
