import { createContext, useCallback, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { authRoutes, type RegisterBody, type RegistrationSent, type SessionData, type SessionUser } from '@tuerca/contracts';
import { callRoute } from './client';
import { readLocal, STORAGE_KEYS, writeLocal } from './storage';

/** spec 001 §9: "Session re-check every 15000 ms". */
export const SESSION_CHECK_MS = 15_000;

export interface StoredUser {
  id: string | null;
  isGuest: boolean;
  downloadPartsCatalog: boolean;
  email: string | null;
  mobile: string | null;
  name?: string;
  roles?: string[];
  signUpCompleted?: boolean;
  country?: 'CO' | 'MX';
}

interface SessionValue {
  user: StoredUser;
  /** The server has answered at least once since the page opened. */
  ready: boolean;
  isGuest: boolean;
  refresh(): Promise<unknown>;
  login(email: string, password: string): Promise<StoredUser>;
  /** Asks for an account: the answer only says an e-mail went out (the link creates it). */
  register(body: Record<string, unknown>): Promise<RegistrationSent>;
  logout(): Promise<void>;
}

const GUEST: StoredUser = { id: null, isGuest: true, downloadPartsCatalog: false, email: null, mobile: null };
export const SESSION_KEY = ['session'] as const;

interface SessionState {
  user: StoredUser;
  /** The server said the stored session is no longer active (001 §4: redirect to the login page). */
  expired: boolean;
}

function toStored(data: SessionData): StoredUser {
  const u = data.user as SessionUser & Record<string, unknown>;
  if (data.isGuest) return GUEST;
  return {
    id: String(u.id),
    isGuest: false,
    downloadPartsCatalog: Boolean(u.downloadPartsCatalog),
    email: (u.email as string) ?? null,
    mobile: (u.mobile as string) ?? null,
    name: u.name as string,
    roles: u.roles as string[],
    signUpCompleted: u.signUpCompleted as boolean,
    country: u.country as 'CO' | 'MX',
  };
}

/**
 * Keeps the person in the query cache and in localStorage (001 §3 "User (stored locally)"). When who is
 * asking changes (login, logout, an expired session), every other answer in the cache belonged to someone
 * else: they are reset, so screens fetch again as the new person and never show the guest's answer.
 */
function storeUser(client: QueryClient, next: StoredUser, expired = false): SessionState {
  const before = client.getQueryData<SessionState>(SESSION_KEY)?.user ?? readLocal<StoredUser>(STORAGE_KEYS.user, GUEST);
  const state = { user: next, expired };
  client.setQueryData(SESSION_KEY, state);
  writeLocal(STORAGE_KEYS.user, next);
  if (before.id !== next.id) void client.resetQueries({ predicate: (q) => q.queryKey[0] !== SESSION_KEY[0] });
  return state;
}

const SessionContext = createContext<SessionValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const query = useQuery({
    queryKey: SESSION_KEY,
    queryFn: async ({ signal }): Promise<SessionState> => {
      const current = client.getQueryData<SessionState>(SESSION_KEY)?.user ?? readLocal<StoredUser>(STORAGE_KEYS.user, GUEST);
      const res = await callRoute(
        authRoutes.sessionControlData,
        { params: { userId: current.id ?? '0' }, query: { refererUrl: window.location.href.slice(0, 2048) } },
        { signal },
      );
      if (res.metadata.sessionActive === false && current.id) return storeUser(client, GUEST, true);
      return storeUser(client, toStored(res.data));
    },
    initialData: () => ({ user: readLocal<StoredUser>(STORAGE_KEYS.user, GUEST), expired: false }),
    initialDataUpdatedAt: 0,
    refetchInterval: SESSION_CHECK_MS,
    refetchIntervalInBackground: false,
    retry: false,
  });
  const state = query.data;

  // A page change re-checks too, so guarded screens never act on a stale session.
  useEffect(() => {
    void client.invalidateQueries({ queryKey: SESSION_KEY });
  }, [client, pathname]);

  // 001 §4 "if it is no longer active, the user is redirected to login".
  useEffect(() => {
    if (state.expired) navigate('/users/page/login');
  }, [state.expired, navigate]);

  const refresh = useCallback(() => client.invalidateQueries({ queryKey: SESSION_KEY }), [client]);
  const login = useCallback(
    async (email: string, password: string) => {
      const res = await callRoute(authRoutes.login, { body: { email, password } });
      return storeUser(client, toStored(res.data)).user;
    },
    [client],
  );
  // Registration sends a confirmation e-mail and logs nobody in (it reveals no account).
  const register = useCallback(async (body: Record<string, unknown>): Promise<RegistrationSent> => {
    const res = await callRoute(authRoutes.register, { body: body as RegisterBody });
    return res.data;
  }, []);
  const logout = useCallback(async () => {
    await callRoute(authRoutes.logout, {}).catch(() => undefined);
    storeUser(client, GUEST);
  }, [client]);

  const value = useMemo(
    () => ({
      user: state.user,
      ready: query.isFetchedAfterMount || query.isError,
      isGuest: state.user.isGuest,
      refresh,
      login,
      register,
      logout,
    }),
    [state.user, query.isFetchedAfterMount, query.isError, refresh, login, register, logout],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const v = useContext(SessionContext);
  if (!v) throw new Error('useSession outside SessionProvider');
  return v;
}
