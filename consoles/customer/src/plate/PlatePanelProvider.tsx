import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { readLocal, STORAGE_KEYS, writeLocal } from '../app/storage';
import { useSession } from '../app/session';
import { PlatePanel } from './PlatePanel';

interface PlatePanelValue {
  open(plate?: string): void;
}
const Ctx = createContext<PlatePanelValue>({ open: () => undefined });

/** The plate search panel (a modal) from anywhere; a plate left pending by a guest resumes after login. */
export function PlatePanelProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ plate: string; auto: boolean } | null>(null);
  const { isGuest, ready } = useSession();
  const open = useCallback((plate = '') => setState({ plate, auto: false }), []);
  useEffect(() => {
    if (!ready || isGuest) return;
    const pending = readLocal<string | null>(STORAGE_KEYS.pendingPlate, null);
    if (pending) {
      writeLocal(STORAGE_KEYS.pendingPlate, null);
      setState({ plate: pending, auto: true });
    }
  }, [ready, isGuest]);
  const value = useMemo(() => ({ open }), [open]);
  return (
    <Ctx.Provider value={value}>
      {children}
      {state ? <PlatePanel initialPlate={state.plate} onClose={() => setState(null)} /> : null}
    </Ctx.Provider>
  );
}

export const usePlatePanel = () => useContext(Ctx);
