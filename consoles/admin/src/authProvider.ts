import type { AuthProvider } from 'react-admin';
import type { SessionUser } from '@tuerca/contracts';
import { CONSOLE_ROLES, canAccess } from './permissions';
import { sessionUser, setSessionUser, spanishError } from './session';
import { es } from './i18n/es';

const texts = (es as unknown as { tuerca: { login: { noAccess: string; failed: string } } }).tuerca.login;

async function json(res: Response): Promise<unknown> {
  try {
    return await res.json();
  } catch {
    return null;
  }
}

/** Who the session cookie belongs to (identity's session check); null for a guest. */
async function whoAmI(): Promise<SessionUser | null> {
  const res = await fetch('/api/core/sessionControlData/0', { credentials: 'same-origin', headers: { accept: 'application/json' } });
  if (!res.ok) return null;
  const body = (await json(res)) as { data?: { user?: SessionUser; isGuest?: boolean } } | null;
  const user = body?.data?.user;
  return user && !body?.data?.isGuest ? user : null;
}

const mayUseConsole = (user: SessionUser) => user.roles.some((r) => CONSOLE_ROLES.includes(r));

async function logoutOnServer(): Promise<void> {
  await fetch('/api/users/auth/logout', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
}

/**
 * Login with a Tuerca account: identity sets the httpOnly session cookie; the console only keeps the
 * user (roles) in memory and asks identity again when the page loads.
 */
export const authProvider: AuthProvider = {
  async login({ username, password }: { username: string; password: string }) {
    const res = await fetch('/api/users/auth/login', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ email: username, password }),
    });
    const body = await json(res);
    if (!res.ok) throw new Error(spanishError(body, texts.failed));
    const user = (body as { data: { user: SessionUser } }).data.user;
    if (!mayUseConsole(user)) {
      await logoutOnServer();
      setSessionUser(null);
      throw new Error(texts.noAccess);
    }
    setSessionUser(user);
  },

  async logout() {
    if (sessionUser()) await logoutOnServer().catch(() => undefined);
    setSessionUser(null);
  },

  async checkAuth() {
    const user = sessionUser() ?? (await whoAmI());
    if (!user || !mayUseConsole(user)) {
      setSessionUser(null);
      throw new Error('ra.auth.auth_check_error');
    }
    setSessionUser(user);
  },

  /** 401: the session ended, log in again; 403 is a refusal of one action, not a reason to log out. */
  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      setSessionUser(null);
      throw new Error('ra.notification.logged_out');
    }
  },

  async getIdentity() {
    const user = sessionUser() ?? (await whoAmI());
    if (!user) throw new Error('ra.auth.auth_check_error');
    setSessionUser(user);
    return { id: user.id, fullName: user.name ?? user.email ?? '', email: user.email, roles: user.roles, storeId: user.storeId };
  },

  async getPermissions() {
    const user = sessionUser() ?? (await whoAmI());
    return user?.roles ?? [];
  },

  async canAccess({ resource, action }: { resource: string; action: string }) {
    const user = sessionUser() ?? (await whoAmI());
    if (user) setSessionUser(user);
    return user ? canAccess(user.roles, resource, action) : false;
  },
};
