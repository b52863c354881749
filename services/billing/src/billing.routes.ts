import { z } from 'zod';
import { appParameterUpdateSchema, balanceViewSchema, defineRoute, successSchema, type RouteContract } from '@tuerca/contracts';

const counters = successSchema(
  z.object({
    searchesPerformed: z.number().int(),
    searchesPerformedInStore: z.number().int().optional(),
    consultationsAvailable: balanceViewSchema,
    generalInquiriesAvailable: balanceViewSchema,
  }),
);

/** Billing's HTTP calls, for the OpenAPI document (plans and payments add theirs in their folders). */
export const billingRoutes: RouteContract[] = [
  defineRoute({
    method: 'GET',
    path: '/api/core/appParameters',
    summary: 'Parámetros de la aplicación (umbrales de consultas gratis, banderas)',
    tags: ['billing'],
    access: 'public',
  }),
  defineRoute({
    method: 'PATCH',
    path: '/api/core/appParameters/:name',
    summary: 'Cambiar un parámetro (operadores; queda auditado)',
    tags: ['billing'],
    body: appParameterUpdateSchema,
    access: ['operator'],
    errors: [400, 401, 403, 404],
  }),
  defineRoute({
    method: 'GET',
    path: '/api/core/appParameters/history',
    summary: 'Historial de cambios de parámetros',
    tags: ['billing'],
    access: ['operator'],
  }),
  defineRoute({
    method: 'GET',
    path: '/api/catalogo/catalogSubstitutions/getUserConsultations',
    summary: 'Sustituciones consultadas (30 días) y consultas disponibles',
    tags: ['billing'],
    response: counters,
    access: 'public',
  }),
  defineRoute({
    method: 'GET',
    path: '/api/catalogo/catalogV2/getSearchesPerformed',
    summary: 'Consultas al catálogo (30 días) y consultas disponibles',
    tags: ['billing'],
    response: counters,
    access: 'public',
  }),
  defineRoute({
    method: 'GET',
    path: '/api/catalogo/catalogV2/getSearchesPerformedAm',
    summary: 'Consultas de sustituciones aftermarket (30 días)',
    tags: ['billing'],
    response: counters,
    access: 'public',
  }),
  defineRoute({
    method: 'GET',
    path: '/api/catalogo/catalogV2/:id/getSearchesPerformedOemStore',
    summary: 'Consultas al catálogo dentro de una tienda virtual',
    tags: ['billing'],
    response: counters,
    access: 'public',
  }),
  defineRoute({
    method: 'GET',
    path: '/api/garage/vehicle/getConsultationsByPlateAvailable',
    summary: 'Consultas por placa disponibles (placa + generales)',
    tags: ['billing'],
    access: 'public',
  }),
];
