import { useSyncExternalStore } from 'react';
import { readLocal, STORAGE_KEYS, writeLocal } from '../app/storage';

const EVENT = 'tuerca:pending-plate';

/** 001 §4: "The plate is saved locally and, after login, the search resumes automatically and the modal reopens." */
export function setPendingPlate(plate: string | null) {
  writeLocal(STORAGE_KEYS.pendingPlate, plate);
  window.dispatchEvent(new Event(EVENT));
}

function subscribe(cb: () => void) {
  window.addEventListener(EVENT, cb);
  window.addEventListener('storage', cb);
  return () => {
    window.removeEventListener(EVENT, cb);
    window.removeEventListener('storage', cb);
  };
}

export function usePendingPlate(): string | null {
  return useSyncExternalStore(subscribe, () => readLocal<string | null>(STORAGE_KEYS.pendingPlate, null));
}
