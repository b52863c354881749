import type { z } from 'zod';
import type { EventDefinition } from '@tuerca/contracts';

export interface AsyncApiDocument {
  asyncapi: string;
  info: { title: string; version: string; description: string };
  channels: Record<string, { description: string; subscribe: { operationId: string; summary: string; message: { $ref: string } } }>;
  components: { messages: Record<string, { name: string; summary: string; payload: Record<string, unknown> }> };
  [key: string]: unknown;
}

export function buildAsyncApi(
  registry: Readonly<Record<string, EventDefinition>>,
  envelopeSchema: z.ZodObject,
  options?: { version?: string },
): AsyncApiDocument;
