import type { CatalogLanguage } from '@tuerca/contracts';
import { SPANISH_DIAGRAM_WORDS, type DiagramWords } from '@tuerca/demo-data';

/**
 * The words of a diagram's title block in the languages the catalogue's names are translated to (spec
 * 001 §9: names at least in es_ES, en_US and pt_PT); any other language gets the Spanish words, marked
 * as a fallback, the same way its names fall back to Spanish.
 */
const WORDS: Partial<Record<CatalogLanguage, DiagramWords>> = {
  es_ES: SPANISH_DIAGRAM_WORDS,
  en_US: {
    lang: 'en-US',
    sheet: 'Tuerca · parts catalogue',
    positions: (n) => `${n} ${n === 1 ? 'position' : 'positions'} · illustration`,
  },
  pt_PT: {
    lang: 'pt-PT',
    sheet: 'Tuerca · catálogo de peças',
    positions: (n) => `${n} ${n === 1 ? 'posição' : 'posições'} · ilustração`,
  },
};

/** The title block's words in `language`; `namesFellBack` when some name of the drawing is shown in Spanish. */
export function diagramWords(language: CatalogLanguage, namesFellBack: boolean): DiagramWords {
  const words = WORDS[language];
  if (!words) return { ...SPANISH_DIAGRAM_WORDS, fallback: true };
  return namesFellBack ? { ...words, fallback: true } : words;
}
