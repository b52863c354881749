/** localStorage with JSON and a fallback; private browsing or a full quota never breaks a screen. */
export function readLocal<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

export function writeLocal(key: string, value: unknown): void {
  try {
    if (value === undefined || value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    /* storage unavailable */
  }
}

export const STORAGE_KEYS = {
  user: 'tuerca.user',
  language: 'tuerca.catalogLanguage',
  quoteCart: 'tuerca.quoteCart',
  groupsTab: 'tuerca.catalogV2.groupsTab',
  newBadgeDismissed: 'tuerca.catalogV2.newBadgeDismissed',
  lastPromptCount: 'tuerca.lastLoginPromptCount',
  pendingPlate: 'tuerca.pendingPlate',
  returnUrl: 'tuerca.returnUrl',
  currentVehicle: 'tuerca.currentVehicle',
  /** View switcher (001 §2): the chosen mode per preference name, and the modes already used (pulse markers). */
  viewModes: 'tuerca.viewModes',
  viewModesUsed: 'tuerca.viewModesUsed',
} as const;
