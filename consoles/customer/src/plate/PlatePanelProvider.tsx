import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useSession } from '../app/session';
import { lazyPage } from '../app/lazy';
import { Area } from '../app/errors';
import { setPendingPlate, usePendingPlate } from './pendingPlate';

// The panel (and its proof of work) loads when it is first opened, not with the home page.
const PlatePanel = lazyPage(() => import('./PlatePanel'), 'PlatePanel');

interface PlatePanelValue {
  open(plate?: string): void;
}
const Ctx = createContext<PlatePanelValue>({ open: () => undefined });

/** The plate search panel (a modal) from anywhere; a plate left pending by a guest resumes after login. */
export function PlatePanelProvider({ children }: { children: ReactNode }) {
  const [opened, setOpened] = useState<string | null>(null);
  const { isGuest, ready } = useSession();
  const pending = usePendingPlate();
  const open = useCallback((plate = '') => setOpened(plate), []);
  const value = useMemo(() => ({ open }), [open]);
  const plate = opened ?? (ready && !isGuest ? pending : null);
  return (
    <Ctx.Provider value={value}>
      {children}
      {plate !== null ? (
        <Area fallback={null}>
          <PlatePanel
            initialPlate={plate}
            // After login, a plate the guest left pending is looked up as soon as its human check is solved.
            autoSearch={!isGuest && pending !== null}
            onClose={() => {
              setOpened(null);
              if (!isGuest) setPendingPlate(null);
            }}
          />
        </Area>
      ) : null}
    </Ctx.Provider>
  );
}

export const usePlatePanel = () => useContext(Ctx);
