import type { PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { ValidationError } from './domain-error.js';

/** Parses `input` with a contract schema; bad input becomes a 400 with the Spanish texts. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const details = result.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
  return failValidation(details);
}

function failValidation(details: { path: string; message: string }[]): never {
  throw new ValidationError([...new Set(details.map((d) => d.message))], details);
}

/** `@Body(zod(schema))`, `@Query(zod(schema))`, `@Param(zod(schema))`. */
export function zod<S extends z.ZodType>(schema: S): PipeTransform<unknown, z.infer<S>> {
  return { transform: (value: unknown) => parseInput(schema, value ?? {}) };
}
