import type { AppParameters, LoginPrompt, MeteredKind, MeterStatus, TransactionType } from '@tuerca/contracts';
import { BROWSING_WINDOW_HOURS, ErrorCodes } from '@tuerca/contracts';

export interface Thresholds {
  /** Guests: consultations without any prompt. */
  withoutLogin: number;
  /** Guests: from this count on, login is required. */
  loginWarning: number;
  /** Logged-in people: free consultations in 30 days before a balance is needed. */
  withLogin: number;
  /** Part numbers show while searches performed are within this threshold (catalogue). */
  showingPartNumber: number;
}

/** The balance type each metered lookup spends first; general inquiries serve every kind after it. */
export const BALANCE_TYPE: Record<MeteredKind, TransactionType> = {
  substitutions: 'substitutions_consultations',
  catalog: 'catalog_consultations',
  plate: 'plate_consultations',
};

/**
 * spec: thresholds come from the app parameters; a virtual store uses the Store-suffixed catalogue
 * ones. The plate lookup has no logged-in free allowance in the spec: it needs plate consultations
 * or general inquiries (total = plate consultations + general inquiries).
 */
export function thresholdsFor(kind: MeteredKind, p: AppParameters, inStore: boolean): Thresholds {
  switch (kind) {
    case 'substitutions':
      return {
        withoutLogin: p.substitutionsFreeConsultationsWhitouthLogin,
        loginWarning: p.substitutionsFreeConsultationsWithLoginWarning,
        withLogin: p.substitutionsFreeConsultationsWithLogin,
        showingPartNumber: p.substitutionsFreeConsultationsWithLogin,
      };
    case 'catalog':
      return inStore
        ? {
            withoutLogin: p.catalogV2FreeConsultationsWhitouthLoginStore,
            loginWarning: p.catalogV2FreeConsultationsWithLoginWarningStore,
            withLogin: p.catalogV2FreeConsultationsWithLoginStore,
            showingPartNumber: p.catalogV2FreeConsultationsShowingPartNumberStore,
          }
        : {
            withoutLogin: p.catalogV2FreeConsultationsWhitouthLogin,
            loginWarning: p.catalogV2FreeConsultationsWithLoginWarning,
            withLogin: p.catalogV2FreeConsultationsWithLogin,
            showingPartNumber: p.catalogV2FreeConsultationsShowingPartNumber,
          };
    case 'plate':
      return {
        withoutLogin: p.plateFreeConsultationsWhitouthLogin,
        loginWarning: p.plateFreeConsultationsWithLoginWarning,
        withLogin: 0,
        showingPartNumber: 0,
      };
  }
}

export interface MeterState {
  kind: MeteredKind;
  isGuest: boolean;
  /** Consultations counted in the last 30 days (in the store, inside a virtual store). */
  count: number;
  windowOpen: boolean;
  typeBalance: number;
  generalBalance: number;
  thresholds: Thresholds;
}

export type ChargeSource = 'window' | 'free' | 'balance' | 'general';

export interface MeterDecision {
  allowed: boolean;
  /** What pays for a lookup now (when allowed). */
  source: ChargeSource | null;
  /** The spec's error code when not allowed. */
  denial: string | null;
  /** HTTP status of the denial: 401, except the plate lookup's login-required 403. */
  denialStatus: number | null;
  loginPrompt: LoginPrompt;
  freeRemaining: number;
  canShowPartNumbers: boolean;
}

export const EXHAUSTED_CODE: Record<MeteredKind, string> = {
  substitutions: ErrorCodes.EXHAUSTED_SUBSTITUTIONS,
  catalog: ErrorCodes.EXHAUSTED_CATALOG,
  plate: ErrorCodes.EXHAUSTED_PLATE,
};

/**
 * The metering rules (spec 001 §4 "Guest catalogue and substitution metering", §6, 000 §1, §4):
 * - guests: up to the no-login threshold no prompt; above it and below the warning threshold a
 *   closable login request; at or above the warning threshold login is required;
 * - logged-in people: a free allowance over the last 30 days, then purchased consultations of the
 *   lookup's type, then general inquiries; with none left, 'Exhausted … inquiries';
 * - a consultation opens a 12-hour browsing window on its subject: browsing it again is free.
 */
export function decide(s: MeterState): MeterDecision {
  const t = s.thresholds;
  const hasBalance = s.typeBalance + s.generalBalance > 0;
  const canShowPartNumbers = s.count <= t.showingPartNumber || (!s.isGuest && hasBalance);
  if (s.isGuest) {
    const loginPrompt: LoginPrompt = s.count >= t.loginWarning ? 'required' : s.count > t.withoutLogin ? 'closable' : 'none';
    const freeRemaining = Math.max(0, t.loginWarning - s.count);
    if (s.windowOpen)
      return { allowed: true, source: 'window', denial: null, denialStatus: null, loginPrompt, freeRemaining, canShowPartNumbers };
    if (loginPrompt === 'required') {
      return {
        allowed: false,
        source: null,
        denial: ErrorCodes.LOGIN_REQUIRED,
        denialStatus: s.kind === 'plate' ? 403 : 401,
        loginPrompt,
        freeRemaining,
        canShowPartNumbers,
      };
    }
    return { allowed: true, source: 'free', denial: null, denialStatus: null, loginPrompt, freeRemaining, canShowPartNumbers };
  }
  const freeRemaining = Math.max(0, t.withLogin - s.count);
  const base = { loginPrompt: 'none' as const, freeRemaining, canShowPartNumbers };
  if (s.windowOpen) return { ...base, allowed: true, source: 'window', denial: null, denialStatus: null };
  if (freeRemaining > 0) return { ...base, allowed: true, source: 'free', denial: null, denialStatus: null };
  if (s.typeBalance > 0) return { ...base, allowed: true, source: 'balance', denial: null, denialStatus: null };
  if (s.generalBalance > 0) return { ...base, allowed: true, source: 'general', denial: null, denialStatus: null };
  return { ...base, allowed: false, source: null, denial: EXHAUSTED_CODE[s.kind], denialStatus: 401 };
}

/**
 * Built once: a formatter costs far more to build than to use, and every metered lookup formats its status's
 * expiries (5 % of getSubstitutions' CPU when built per call; load-tests/reports/catalog-lookup-scale1.md).
 */
const BOGOTA_DATE = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Bogota', day: '2-digit', month: '2-digit', year: 'numeric' });

/** Expiries formatted lately: a person's balances expire at the same instants lookup after lookup. */
const formattedExpiries = new Map<number, string>();

/** spec: expiredDate is DD/MM/YYYY; shown in Colombian time. */
export function formatExpiry(date: Date | null): string | null {
  if (!date) return null;
  const at = date.getTime();
  const known = formattedExpiries.get(at);
  if (known !== undefined) return known;
  const parts = BOGOTA_DATE.formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const text = `${get('day')}/${get('month')}/${get('year')}`;
  // formatToParts was 1.3 % of a lookup process's CPU at 200 charged lookups a second (issue 21).
  if (formattedExpiries.size >= 1024) formattedExpiries.clear();
  formattedExpiries.set(at, text);
  return text;
}

/** Everything a metering decision needs about a person, a kind and a subject, read in one round trip. */
export interface Snapshot {
  count: number;
  countInStore: number;
  windowExpiresAt: Date | null;
  /** Spendable consultations, the nearest expiry, and the balance to spend first (it expires first). */
  typeBalance: { amount: number; expiresAt: Date | null; first?: string | null };
  generalBalance: { amount: number; expiresAt: Date | null; first?: string | null };
  /** The request id was consumed already (idempotency). */
  duplicate: boolean;
  /** The meter's version this snapshot was read at (compare-and-set of the charge). */
  version?: number;
}

export interface MeterQuestion {
  kind: MeteredKind;
  who: { kind: 'guest' | 'user'; id: string };
  storeId?: string | null;
}

/** The decision for a question, from the snapshot and the thresholds of the app parameters. */
export function decisionOf(r: MeterQuestion, s: Snapshot, params: AppParameters): MeterDecision {
  const inStore = Boolean(r.storeId);
  return decide({
    kind: r.kind,
    isGuest: r.who.kind === 'guest',
    count: inStore ? s.countInStore : s.count,
    windowOpen: s.windowExpiresAt !== null,
    typeBalance: s.typeBalance.amount,
    generalBalance: s.generalBalance.amount,
    thresholds: thresholdsFor(r.kind, params, inStore),
  });
}

/** The status the consoles show (counters, balances, prompts), from a snapshot and its decision. */
export function statusOf(r: MeterQuestion, s: Snapshot, d: MeterDecision): MeterStatus {
  return {
    kind: r.kind,
    isGuest: r.who.kind === 'guest',
    searchesPerformed: s.count,
    searchesPerformedInStore: s.countInStore,
    consultationsAvailable: { amount: s.typeBalance.amount, expiredDate: formatExpiry(s.typeBalance.expiresAt) },
    generalInquiriesAvailable: { amount: s.generalBalance.amount, expiredDate: formatExpiry(s.generalBalance.expiresAt) },
    freeRemaining: d.freeRemaining,
    loginPrompt: d.loginPrompt,
    windowOpen: s.windowExpiresAt !== null,
    windowExpiresAt: s.windowExpiresAt?.toISOString() ?? null,
    allowed: d.allowed,
    denial: d.denial,
    canShowPartNumbers: d.canShowPartNumbers,
  };
}

/** The end of the 12-hour browsing window a consultation at `at` opens. */
export function windowEnd(at: Date): Date {
  return new Date(at.getTime() + BROWSING_WINDOW_HOURS * 3600 * 1000);
}

/** The snapshot after one consultation charged to `source`, without reading it again. */
export function afterConsumption(s: Snapshot, inStore: boolean, source: Exclude<ChargeSource, 'window'>, now: Date): Snapshot {
  return {
    count: s.count + 1,
    countInStore: s.countInStore + (inStore ? 1 : 0),
    windowExpiresAt: windowEnd(now),
    typeBalance: source === 'balance' ? { ...s.typeBalance, amount: s.typeBalance.amount - 1 } : s.typeBalance,
    generalBalance: source === 'general' ? { ...s.generalBalance, amount: s.generalBalance.amount - 1 } : s.generalBalance,
    duplicate: false,
  };
}
