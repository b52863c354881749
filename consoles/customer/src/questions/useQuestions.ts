import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import {
  garageVehiclesRoutes,
  questionsRoutes,
  searchRoutes,
  type AskQuestionInput,
  type QuestionFilter,
  type QuestionPatch,
} from '@tuerca/contracts';
import { callRoute } from '../app/client';
import { routeKey, useRouteMutation, useRouteQuery } from '../app/queries';

/** spec 000 §9: default page size 20, zero-based pages. */
export const QUESTIONS_PAGE_SIZE = 20;

/** The vehicle a question or a verdict is about (brand and model required, year and VIN optional). */
export interface AskedVehicle {
  brand: string;
  model: string;
  year: number | null;
  vin: string | null;
}

/** The person's questions (scope mine), newest first, with each one's verdict and product. */
export function useMyQuestions(filter: QuestionFilter, page: number, enabled = true) {
  return useRouteQuery(
    questionsRoutes.list,
    {
      query: {
        filter,
        page,
        pageSize: QUESTIONS_PAGE_SIZE,
        getters: ['verdict'],
        relations: ['product'],
      },
    },
    { enabled, placeholderData: keepPreviousData },
  );
}

/** GET /catalogo/products/{id}/getCompatibleVehicles (spec 000 §7). */
export function useCompatibleVehicles(productId: string) {
  return useRouteQuery(searchRoutes.compatibleVehicles, { params: { id: productId } });
}

/** The verdict for a vehicle (Sí / Probable / No / Necesito tu VIN), asked again when the vehicle changes. */
export function useVerdict(productId: string, vehicle: AskedVehicle | null) {
  return useRouteQuery(
    questionsRoutes.verdict,
    {
      params: { id: productId },
      query: vehicle
        ? { brand: vehicle.brand, model: vehicle.model, year: vehicle.year ?? undefined, vin: vehicle.vin ?? undefined }
        : undefined,
    },
    { enabled: vehicle !== null, placeholderData: keepPreviousData },
  );
}

/** The person's garage (up to 100 vehicles: spec 001 §9 vehicle search page size). */
export function useGarageVehicles(enabled: boolean) {
  return useRouteQuery(garageVehiclesRoutes.list, { query: { page: 0, pageSize: 100 } }, { enabled });
}

function useInvalidateQuestions() {
  const client = useQueryClient();
  return () =>
    client.invalidateQueries({
      predicate: (q) => q.queryKey[1] === routeKey(questionsRoutes.list)[1] || q.queryKey[1] === routeKey(questionsRoutes.verdict)[1],
    });
}

/**
 * POST productosQuestions outside a hook's life: a guest's pending question is sent by the login modal's
 * callback after the login (spec 000 §4 "Pending compatibility question: kept for a guest and sent after login").
 */
export function sendQuestion(body: AskQuestionInput) {
  return callRoute(questionsRoutes.ask, { body });
}

export function useAskQuestion() {
  const invalidate = useInvalidateQuestions();
  return useRouteMutation(questionsRoutes.ask, (body: AskQuestionInput) => ({ body }), {
    metering: { silent: true },
    onSuccess: () => invalidate(),
  });
}

export function useFollowUp() {
  const invalidate = useInvalidateQuestions();
  return useRouteMutation(questionsRoutes.update, ({ id, body }: { id: string; body: QuestionPatch }) => ({ params: { id }, body }), {
    onSuccess: () => invalidate(),
  });
}
