import { catalogBrowseRoutes, type RouteContract, type RouteRequest, type RouteResponse } from '@tuerca/contracts';
import { useRouteQuery } from '../app/queries';
import { useCatalogLanguage } from './language';

/** The catalogue list and one catalogue change only with an import: kept for ten minutes. */
const STABLE = { staleTime: 10 * 60_000 } as const;

/** GET catalogs in the chosen language (the brand grid, and the brand name of a catalogue code). */
export function useCatalogs() {
  const language = useCatalogLanguage();
  return useRouteQuery(catalogBrowseRoutes.catalogs, { query: { language } }, STABLE);
}

/** GET getCatalog: the catalogue's brand (people read 'Chevrolet', never the code 'CHEV') and features. */
export function useCatalog(catalogCode: string) {
  const language = useCatalogLanguage();
  return useRouteQuery(
    catalogBrowseRoutes.getCatalog,
    { query: { catalogCode, language } },
    { ...STABLE, enabled: catalogCode !== '', retry: false },
  );
}

type CatalogQuery<T extends RouteContract> = Omit<NonNullable<RouteRequest<T>['query']>, 'language'>;

/** A catalogue call in the chosen language, not metered (models, vehicles, the OEM drill-down's lists). */
export function useCatalogRoute<T extends RouteContract>(
  route: T,
  query: CatalogQuery<T>,
  options: { enabled?: boolean; retry?: boolean } = {},
) {
  const language = useCatalogLanguage();
  return useRouteQuery(route, { query: { ...query, language } as RouteRequest<T>['query'] }, { ...STABLE, ...options });
}

/** A metered catalogue call (001 §4): its metadata drives the guest prompts, its denials the gate. */
export function useCatalogLookup<T extends RouteContract>(route: T, query: CatalogQuery<T>, options: { enabled?: boolean } = {}) {
  const language = useCatalogLanguage();
  return useRouteQuery(
    route,
    { query: { ...query, language } as RouteRequest<T>['query'] },
    {
      metering: { plans: 'catalog_consultations' },
      ...options,
    },
  );
}

export type CatalogAnswer<T extends RouteContract> = RouteResponse<T>;
