import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { SessionData, SessionUser } from '@tuerca/contracts';
import { api } from './api';
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
  ready: boolean;
  isGuest: boolean;
  refresh(): Promise<StoredUser>;
  login(email: string, password: string): Promise<StoredUser>;
  register(body: Record<string, unknown>): Promise<StoredUser>;
  logout(): Promise<void>;
}

const GUEST: StoredUser = { id: null, isGuest: true, downloadPartsCatalog: false, email: null, mobile: null };

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

const SessionContext = createContext<SessionValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<StoredUser>(() => readLocal<StoredUser>(STORAGE_KEYS.user, GUEST));
  const [ready, setReady] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();
  const userRef = useRef(user);
  userRef.current = user;

  const store = useCallback((u: StoredUser) => {
    setUser(u);
    writeLocal(STORAGE_KEYS.user, u);
    return u;
  }, []);

  const refresh = useCallback(async () => {
    const current = userRef.current;
    const res = await api.get<SessionData, { sessionActive?: boolean }>(`/core/sessionControlData/${current.id ?? 0}`, {
      refererUrl: window.location.href,
    });
    if (res.metadata.sessionActive === false && current.id) {
      store(GUEST);
      navigate('/users/page/login');
      return GUEST;
    }
    return store(toStored(res.data));
  }, [navigate, store]);

  useEffect(() => {
    refresh()
      .catch(() => undefined)
      .finally(() => setReady(true));
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') refresh().catch(() => undefined);
    }, SESSION_CHECK_MS);
    return () => clearInterval(timer);
  }, []);

  // A page change re-checks too, so guarded screens never act on a stale session.
  useEffect(() => {
    if (ready) refresh().catch(() => undefined);
  }, [location.pathname]);

  const login = useCallback(
    async (email: string, password: string) => {
      const res = await api.post<SessionData>('/users/auth/login', { email, password });
      return store(toStored(res.data));
    },
    [store],
  );
  const register = useCallback(
    async (body: Record<string, unknown>) => {
      const res = await api.post<SessionData>('/users/auth/register', body);
      return store(toStored(res.data));
    },
    [store],
  );
  const logout = useCallback(async () => {
    await api.post('/users/auth/logout', {}).catch(() => undefined);
    store(GUEST);
  }, [store]);

  const value = useMemo(
    () => ({ user, ready, isGuest: user.isGuest, refresh, login, register, logout }),
    [user, ready, refresh, login, register, logout],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const v = useContext(SessionContext);
  if (!v) throw new Error('useSession outside SessionProvider');
  return v;
}
