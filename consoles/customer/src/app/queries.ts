import { useCallback } from 'react';
import {
  useMutation,
  useQuery,
  type QueryKey,
  type UseMutationOptions,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import { t, type RouteContract, type RouteRequest, type RouteResponse } from '@tuerca/contracts';
import { callRoute, type CallOptions } from './client';
import { newId } from './ids';
import { api, ApiError, isExhausted, isLoginRequired, type Envelope, type Query } from './api';
import { usePrompts, type PlanKind } from './prompts';
import { readLocal, STORAGE_KEYS, writeLocal } from './storage';

/**
 * Server state through TanStack Query, keyed by the route and its inputs: cancellation, caching and
 * stale-while-revalidate come with it, so no component keeps loading flags or fetches in an effect.
 *
 * Every call goes through one metering-aware wrapper: a 401/403 'Login required' opens the login modal with
 * the page remembered as the return URL, an 'Exhausted … inquiries' answer opens the plans of that kind, and
 * a metered answer's metadata (`loginPrompt`, `searchesPerformed`) drives the guest prompts of 001 §4.
 */

/** The query key of a route call: its method and path, then what it was asked with. */
export function routeKey<T extends RouteContract>(route: T, request: Partial<RouteRequest<T>> = {}): QueryKey {
  return [route.method, route.path, request.params ?? null, request.query ?? null];
}

/** The query key of a call through the `api` helper (routes whose contract has not moved to `contracts` yet). */
export function apiKey(path: string, query?: Query): QueryKey {
  return ['GET', `/api${path}`, null, query ?? null];
}

/** The metering metadata a metered lookup answers with (catalogue, substitutions, plate). */
export interface MeterMeta {
  searchesPerformed?: number;
  loginPrompt?: 'none' | 'closable' | 'required';
  canShowPartNumbers?: boolean;
  consultationsAvailable?: { amount: number; expiredDate: string | null };
  generalInquiriesAvailable?: { amount: number; expiredDate: string | null };
  /** The language of the catalogue's names, and whether some are in Spanish for want of a translation (001 §9). */
  language?: string;
  languageFallback?: boolean;
}

/** What a metered screen shows instead of its content: the forced login or the exhausted plans. */
export type MeteringGate = 'login' | 'exhausted' | null;

export interface MeteringOptions {
  /** The consultation kind the call is metered as: its answers drive the guest prompts and the plans offered. */
  plans?: PlanKind;
  /** Leave every prompt to the screen. */
  silent?: boolean;
  /** The text of the login modal when login is forced (the spec's per-area text). */
  loginMessage?: string;
}

/** spec 000 §8 / 001 §8: each 'Exhausted … inquiries' code names the plans to offer. */
const EXHAUSTED_KIND: Record<string, PlanKind> = {
  'Exhausted substitutions inquiries': 'substitutions_consultations',
  'Exhausted catalog inquiries': 'catalog_consultations',
  'Exhausted license plate inquiries': 'plate_consultations',
};

export function exhaustedKind(error: unknown, fallback?: PlanKind): PlanKind | undefined {
  return error instanceof ApiError ? (EXHAUSTED_KIND[error.code] ?? fallback) : fallback;
}

export function loginMessageFor(kind: PlanKind | undefined): string {
  if (kind === 'substitutions_consultations') return t('substitutions.loginRequired');
  if (kind === 'catalog_consultations') return t('catalog.loginRequired');
  if (kind === 'plate_consultations') return t('plate.guestOutOfQueries');
  return t('session.loginRequired');
}

/** The page to come back to after logging in (the login page reads it; the modal stays on the page). */
export function rememberReturnUrl() {
  writeLocal(STORAGE_KEYS.returnUrl, `${window.location.pathname}${window.location.search}`);
}

/**
 * The prompts a metered answer or a denial opens. Exported for the few calls made outside a query
 * (the plate lookup, which needs a fresh human check each time).
 */
export function useMetering(options: MeteringOptions = {}) {
  const { openLogin, openPlans } = usePrompts();
  const { plans, silent, loginMessage } = options;

  /** 001 §4: between the thresholds a closable modal once per new count; at or above, login is forced. */
  const onMeta = useCallback(
    (meta: MeterMeta | undefined) => {
      if (silent || !plans || !meta) return;
      const memory = readLocal<Record<string, number>>(STORAGE_KEYS.lastPromptCount, {});
      if (meta.loginPrompt === 'required') {
        delete memory[plans];
        writeLocal(STORAGE_KEYS.lastPromptCount, memory);
        rememberReturnUrl();
        openLogin({ closable: false, message: loginMessage ?? loginMessageFor(plans) });
        return;
      }
      if (meta.loginPrompt !== 'closable') return;
      const count = meta.searchesPerformed ?? 0;
      if (memory[plans] === count) return;
      writeLocal(STORAGE_KEYS.lastPromptCount, { ...memory, [plans]: count });
      rememberReturnUrl();
      openLogin({ closable: true, message: t('customerConsole.loginPromptClosable', { count }) });
    },
    [plans, silent, loginMessage, openLogin],
  );

  const onError = useCallback(
    (error: unknown) => {
      if (silent) return;
      if (isLoginRequired(error)) {
        if (plans) {
          const memory = readLocal<Record<string, number>>(STORAGE_KEYS.lastPromptCount, {});
          delete memory[plans];
          writeLocal(STORAGE_KEYS.lastPromptCount, memory);
        }
        rememberReturnUrl();
        // A metered area forces the login (the spec's 'requiredLogin'); elsewhere the modal can be closed.
        openLogin({ closable: !plans, message: loginMessage ?? loginMessageFor(plans) });
      } else if (isExhausted(error)) {
        const kind = exhaustedKind(error, plans);
        if (kind) openPlans(kind, true);
      }
    },
    [plans, silent, loginMessage, openLogin, openPlans],
  );
  return { onMeta, onError };
}

/** The metering metadata of a metered answer (the contracts type it loosely, as each lookup adds its own). */
export function meterMetaOf(query: { data?: unknown }): MeterMeta | undefined {
  return (query.data as { metadata?: MeterMeta } | undefined)?.metadata;
}

/** The gate of a metered query: forced login (denied, or answered with loginPrompt 'required') or exhausted. */
export function meteringGate(query: Pick<UseQueryResult<unknown>, 'error' | 'data'>): MeteringGate {
  if (isLoginRequired(query.error)) return 'login';
  if (isExhausted(query.error)) return 'exhausted';
  const meta = (query.data as { metadata?: MeterMeta } | undefined)?.metadata;
  if (meta?.loginPrompt === 'required') return 'login';
  return null;
}

type QueryOptions<R> = Omit<UseQueryOptions<R, Error, R>, 'queryKey' | 'queryFn'> & {
  metering?: MeteringOptions;
  /** A key of the caller's own, where the route and its inputs do not tell two answers apart (a one-use challenge). */
  queryKey?: QueryKey;
};

/**
 * Metered lookups are not refreshed behind the person's back (a refresh could count as a consultation), and
 * stay fresh for the 12-hour browsing window's sake for ten minutes.
 */
const METERED_DEFAULTS = { staleTime: 10 * 60_000, refetchOnWindowFocus: false, refetchOnReconnect: false } as const;

function useMeteredFetch<R>(metering: MeteringOptions | undefined, fetcher: (signal: AbortSignal) => Promise<R>) {
  const { onMeta, onError } = useMetering(metering);
  return async ({ signal }: { signal: AbortSignal }) => {
    try {
      const result = await fetcher(signal);
      onMeta((result as { metadata?: MeterMeta } | undefined)?.metadata);
      return result;
    } catch (error) {
      onError(error);
      throw error;
    }
  };
}

/** A GET of a route contract: `useRouteQuery(catalogRoutes.groups, { query: { catalogCode, vehicleId, ssd } })`. */
export function useRouteQuery<T extends RouteContract>(
  route: T,
  request: Partial<RouteRequest<T>> = {},
  options: QueryOptions<RouteResponse<T>> = {},
) {
  const { metering, queryKey, ...queryOptions } = options;
  const queryFn = useMeteredFetch(metering, (signal) => callRoute(route, request, { signal }));
  return useQuery({
    queryKey: queryKey ?? routeKey(route, request),
    queryFn,
    ...(metering?.plans ? METERED_DEFAULTS : {}),
    ...queryOptions,
  });
}

/**
 * A GET through the `api` helper, for routes whose contract is not in `contracts` yet; the answer is the
 * envelope (`data`, `metadata` with the total of a list). Same metering, same cache.
 */
export function useApiQuery<T, M = Record<string, unknown>>(path: string, query?: Query, options: QueryOptions<Envelope<T, M>> = {}) {
  const { metering, ...queryOptions } = options;
  const queryFn = useMeteredFetch(metering, (signal) => api.get<T, M>(path, query, signal));
  return useQuery({
    queryKey: apiKey(path, query),
    queryFn,
    ...(metering?.plans ? METERED_DEFAULTS : {}),
    ...queryOptions,
  });
}

type MutationOptions<R, V> = Omit<UseMutationOptions<R, Error, V>, 'mutationFn'> & {
  metering?: MeteringOptions;
  idempotencyKey?: (variables: V) => string;
};

function useMeteredMutationFn<R, V>(metering: MeteringOptions | undefined, run: (variables: V) => Promise<R>) {
  const { onError } = useMetering(metering);
  return async (variables: V) => {
    try {
      return await run(variables);
    } catch (error) {
      onError(error);
      throw error;
    }
  };
}

/**
 * A write through a route contract; `onSuccess` is where the caller invalidates what changed. Each submit
 * carries an `Idempotency-Key`: by default a new one per call, or the caller's (`idempotencyKey`), made
 * once per intent — a checkout page makes one when it opens, so a double click or a retry is answered like
 * the first submit instead of buying twice.
 */
export function useRouteMutation<T extends RouteContract, V = Partial<RouteRequest<T>>>(
  route: T,
  toRequest: (variables: V) => Partial<RouteRequest<T>>,
  options: MutationOptions<RouteResponse<T>, V> = {},
) {
  const { metering, idempotencyKey, ...mutationOptions } = options;
  const mutationFn = useMeteredMutationFn(metering, (variables: V) => {
    const callOptions: CallOptions = { idempotencyKey: idempotencyKey?.(variables) ?? newId() };
    return callRoute(route, toRequest(variables), callOptions);
  });
  return useMutation({ mutationFn, ...mutationOptions });
}

/** A write through the `api` helper (routes without a contract in `contracts` yet), with the same prompts. */
export function useApiMutation<R, V>(run: (variables: V) => Promise<R>, options: Omit<MutationOptions<R, V>, 'idempotencyKey'> = {}) {
  const { metering, ...mutationOptions } = options;
  const mutationFn = useMeteredMutationFn(metering, run);
  return useMutation({ mutationFn, ...mutationOptions });
}
