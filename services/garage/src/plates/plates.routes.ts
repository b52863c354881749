import { defineRoute, plateLookupQuerySchema, type RouteContract } from '@tuerca/contracts';

/** The free lookup takes no allowFreeSearches (spec 001 §7). */
export const freePlateLookupQuerySchema = plateLookupQuerySchema.omit({ allowFreeSearches: true });

export const platesRoutes: RouteContract[] = [
  defineRoute({
    method: 'GET',
    path: '/api/garage/captcha/challenge',
    summary: 'Reto ALTCHA (prueba de trabajo firmada, un solo uso, vence) para la consulta por placa',
    tags: ['garage'],
    access: 'public',
  }),
  defineRoute({
    method: 'GET',
    path: '/api/garage/vehicle/getVehicleForLicensePlatePremium',
    summary: 'Consulta por placa con el registro completo del vehículo (medida; se guarda en el garaje)',
    tags: ['garage'],
    query: plateLookupQuerySchema,
    access: 'public',
    errors: [400, 401, 403, 404, 503],
  }),
  defineRoute({
    method: 'GET',
    path: '/api/garage/vehicle/getVehicleForLicensePlate',
    summary: 'Consulta por placa con los datos del modelo, sin VIN ni números de motor y chasis (medida)',
    tags: ['garage'],
    query: freePlateLookupQuerySchema,
    access: 'public',
    errors: [400, 401, 403, 404, 503],
  }),
];
