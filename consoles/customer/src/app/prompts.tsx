import { createContext, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { t } from '@tuerca/contracts';
import { STORAGE_KEYS, writeLocal } from './storage';
import { lazyPage } from './lazy';

// Loaded when first opened: the forms and their validation are not part of the first page's JavaScript.
const LoginDialog = lazyPage(() => import('./LoginDialog'), 'LoginDialog');
const PlansDialog = lazyPage(() => import('../plans/PlansDialog'), 'PlansDialog');

export type PlanKind = 'plate_consultations' | 'catalog_consultations' | 'substitutions_consultations' | 'general_inquiries';

interface LoginRequest {
  /** A closable modal (between thresholds) or a forced one (at or above the warning threshold). */
  closable: boolean;
  message?: string;
  /** After login the session resets every answer in the cache, so screens fetch again by themselves. */
  onLoggedIn?: () => void;
}
interface PlansRequest {
  kind: PlanKind;
  exhausted: boolean;
}

interface PromptsValue {
  openLogin(req?: Partial<LoginRequest>): void;
  openPlans(kind: PlanKind, exhausted?: boolean): void;
}

const PromptsContext = createContext<PromptsValue>({ openLogin: () => undefined, openPlans: () => undefined });

/** The login modal and the plans modal ('Planes de suscripción'), reachable from every screen. */
export function PromptsProvider({ children }: { children: ReactNode }) {
  const [login, setLogin] = useState<LoginRequest | null>(null);
  const [plans, setPlans] = useState<PlansRequest | null>(null);
  const openLogin = useCallback((req?: Partial<LoginRequest>) => {
    setLogin({ closable: req?.closable ?? true, message: req?.message, onLoggedIn: req?.onLoggedIn });
  }, []);
  const openPlans = useCallback((kind: PlanKind, exhausted = false) => setPlans({ kind, exhausted }), []);
  const value = useMemo(() => ({ openLogin, openPlans }), [openLogin, openPlans]);
  return (
    <PromptsContext.Provider value={value}>
      {children}
      <Suspense fallback={null}>
        {login ? (
          <LoginDialog
            open
            closable={login.closable}
            message={login.message ?? t('session.loginRequired')}
            onClose={() => setLogin(null)}
            onLoggedIn={() => {
              const next = login.onLoggedIn;
              // Logged in where the prompt opened: the remembered return URL is this page.
              writeLocal(STORAGE_KEYS.returnUrl, null);
              setLogin(null);
              next?.();
            }}
          />
        ) : null}
        {plans ? (
          <PlansDialog
            kind={plans.kind}
            exhausted={plans.exhausted}
            onClose={() => setPlans(null)}
            onLoginNeeded={() => {
              setPlans(null);
              openLogin({ closable: true });
            }}
          />
        ) : null}
      </Suspense>
    </PromptsContext.Provider>
  );
}

export const usePrompts = () => useContext(PromptsContext);
