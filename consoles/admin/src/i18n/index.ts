import polyglotI18nProvider from 'ra-i18n-polyglot';
import { es } from './es';

/** The console speaks Spanish only; a missing text shows its key instead of breaking the page. */
export const i18nProvider = polyglotI18nProvider(() => es, 'es', [{ locale: 'es', name: 'Español' }], { allowMissing: true });
