import { useQuery } from '@tanstack/react-query';
import { defaultAppParameters, parametersRoutes, type AppParameters } from '@tuerca/contracts';
import { callRoute } from './client';
import { routeKey } from './queries';

/**
 * The app parameters (001 §3: isVirtualStore, showProductReferences, thresholds); null until they arrive.
 * They change only when an operator edits them, so one answer serves the whole visit; a failure falls back
 * to the defaults rather than blocking a screen.
 */
export function useAppParameters(): AppParameters | null {
  const query = useQuery({
    queryKey: routeKey(parametersRoutes.all),
    queryFn: ({ signal }) =>
      callRoute(parametersRoutes.all, {}, { signal })
        .then((r): AppParameters => ({ ...defaultAppParameters(), ...(r.data as Partial<AppParameters>) }))
        .catch(() => defaultAppParameters()),
    staleTime: Infinity,
  });
  return query.data ?? null;
}
