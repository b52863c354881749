import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { activitiesRoutes, type Activity, type ActivityFilter, type ActivityPatch } from '@tuerca/contracts';
import { routeKey, useRouteMutation, useRouteQuery } from '../app/queries';

/** spec 001 §9: lists use a zero-based page; default list page size 20. */
export const AGENDA_PAGE_SIZE = 20;

/** The logged-in person's activities, by date, filtered. */
export function useActivities(filter: ActivityFilter, page: number, enabled: boolean, pageSize = AGENDA_PAGE_SIZE) {
  return useRouteQuery(
    activitiesRoutes.list,
    { query: { filter: JSON.stringify(filter), page, pageSize } },
    { enabled, placeholderData: keepPreviousData },
  );
}

function useInvalidateActivities() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: routeKey(activitiesRoutes.list).slice(0, 2) });
}

/** spec 001 §4 "Activity. Create when there is no id, update otherwise." The agenda refreshes after. */
export function useSaveActivity() {
  const invalidate = useInvalidateActivities();
  const create = useRouteMutation(activitiesRoutes.create, (body: ActivityPatch) => ({ body: body as never }));
  const update = useRouteMutation(activitiesRoutes.update, ({ id, body }: { id: string; body: ActivityPatch }) => ({
    params: { id },
    body,
  }));
  return {
    pending: create.isPending || update.isPending,
    async save(body: ActivityPatch, id?: string): Promise<Activity> {
      const res = id ? await update.mutateAsync({ id, body }) : await create.mutateAsync(body);
      await invalidate();
      return res.data;
    },
  };
}

export function useRemoveActivity() {
  const invalidate = useInvalidateActivities();
  return useRouteMutation(activitiesRoutes.remove, (id: string) => ({ params: { id } }), { onSuccess: () => invalidate() });
}

/** `YYYY-MM-DD HH:mm:ss` (the API) ↔ `YYYY-MM-DDTHH:mm` (an <input type="datetime-local">). */
export const toInputDate = (date: string) => date.slice(0, 16).replace(' ', 'T');
export const fromInputDate = (value: string) => (value ? `${value.replace('T', ' ')}:00`.slice(0, 19) : '');

/** `YYYY-MM-DD HH:mm:ss` → '5 dic 2026, 08:30' as the person wrote it (no zone conversion: it is their wall clock). */
export function formatActivityDate(date: string): string {
  const [d, time] = date.split(' ');
  const [y, m, day] = (d ?? '').split('-').map(Number);
  const label = new Intl.DateTimeFormat('es-CO', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y!, (m ?? 1) - 1, day)),
  );
  return `${label}, ${(time ?? '').slice(0, 5)}`;
}
