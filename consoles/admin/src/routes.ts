import { useMutation, useQuery, type UseMutationOptions } from '@tanstack/react-query';
import type { RouteContract, RouteRequest, RouteResponse } from '@tuerca/contracts';
import { httpClient } from './dataProvider';

/**
 * The console's calls of /api routes (the sellers' and advisers' actions beside react-admin's resources), typed
 * by their contracts; errors come back as react-admin's HttpError with the API's Spanish text.
 */
export async function callRoute<T extends RouteContract>(route: T, request: Partial<RouteRequest<T>> = {}): Promise<RouteResponse<T>> {
  const params = (request.params ?? {}) as Record<string, string>;
  let path = route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  const query = request.query as Record<string, unknown> | undefined;
  if (query) {
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(query))
      if (v !== undefined) search.set(k, typeof v === 'object' ? JSON.stringify(v) : String(v as string | number | boolean));
    if ([...search].length) path += `?${search.toString()}`;
  }
  const { json } = await httpClient(path, {
    method: route.method,
    body: route.method === 'GET' ? undefined : JSON.stringify(request.body ?? {}),
    headers: route.method === 'GET' ? undefined : new Headers({ 'content-type': 'application/json' }),
  });
  return json as RouteResponse<T>;
}

/** A GET of a route contract, cached by TanStack Query under the route and its request. */
export function useRouteQuery<T extends RouteContract>(
  route: T,
  request: Partial<RouteRequest<T>> = {},
  options: { enabled?: boolean } = {},
) {
  return useQuery({ queryKey: [route.method, route.path, request], queryFn: () => callRoute(route, request), ...options });
}

/** A write of a route contract; `onSuccess` refreshes what changed. */
export function useRouteMutation<T extends RouteContract, V>(
  route: T,
  toRequest: (variables: V) => Partial<RouteRequest<T>>,
  options: Omit<UseMutationOptions<RouteResponse<T>, Error, V>, 'mutationFn'> = {},
) {
  return useMutation({ mutationFn: (variables: V) => callRoute(route, toRequest(variables)), ...options });
}
