import type { SessionUser } from '@tuerca/contracts';

/** The logged-in person, as identity answers it (POST /api/users/auth/login, GET /api/core/sessionControlData/0). */
let current: SessionUser | null = null;

export function sessionUser(): SessionUser | null {
  return current;
}

export function setSessionUser(user: SessionUser | null): void {
  current = user;
}

/** The Spanish text of an API error body ({ statusCode, message, errors: [...] }). */
export function spanishError(body: unknown, fallback: string): string {
  const errors = (body as { errors?: unknown } | null)?.errors;
  return Array.isArray(errors) && errors.length > 0 && errors.every((e) => typeof e === 'string') ? errors.join(' ') : fallback;
}
