import { useCallback } from 'react';
import { t } from '@tuerca/contracts';
import { isExhausted, isLoginRequired } from '../app/api';
import { usePrompts, type PlanKind } from '../app/prompts';
import { readLocal, STORAGE_KEYS, writeLocal } from '../app/storage';

function loginMessage(kind: PlanKind): string {
  if (kind === 'substitutions_consultations') return t('substitutions.loginRequired');
  if (kind === 'catalog_consultations') return t('catalog.loginRequired');
  return t('session.freeSearchesLeft');
}

export interface MeterMeta {
  searchesPerformed?: number;
  loginPrompt?: 'none' | 'closable' | 'required';
  canShowPartNumbers?: boolean;
  consultationsAvailable?: { amount: number; expiredDate: string | null };
  generalInquiriesAvailable?: { amount: number; expiredDate: string | null };
}

/**
 * The guest prompts of 001 §4: between the thresholds a closable login modal once per new count (the last
 * count remembered locally); at or above the warning threshold the memory is cleared and login is forced.
 */
export function useMeterPrompts(kind: PlanKind) {
  const { openLogin, openPlans } = usePrompts();
  const onMeta = useCallback(
    (meta: MeterMeta | undefined) => {
      if (!meta) return;
      const memory = readLocal<Record<string, number>>(STORAGE_KEYS.lastPromptCount, {});
      if (meta.loginPrompt === 'required') {
        delete memory[kind];
        writeLocal(STORAGE_KEYS.lastPromptCount, memory);
        openLogin({ closable: false, message: loginMessage(kind), onLoggedIn: () => window.location.reload() });
        return;
      }
      if (meta.loginPrompt !== 'closable') return;
      const count = meta.searchesPerformed ?? 0;
      if (memory[kind] === count) return;
      writeLocal(STORAGE_KEYS.lastPromptCount, { ...memory, [kind]: count });
      openLogin({
        closable: true,
        message: t('customerConsole.loginPromptClosable', { count }),
        onLoggedIn: () => window.location.reload(),
      });
    },
    [kind, openLogin],
  );
  /** Answers 'login' or 'exhausted' for the two metering denials (and opens their prompt), else null. */
  const onError = useCallback(
    (err: unknown, loginMessage: string = t('session.loginRequired')): 'login' | 'exhausted' | null => {
      if (isLoginRequired(err)) {
        const memory = readLocal<Record<string, number>>(STORAGE_KEYS.lastPromptCount, {});
        delete memory[kind];
        writeLocal(STORAGE_KEYS.lastPromptCount, memory);
        openLogin({ closable: false, message: loginMessage, onLoggedIn: () => window.location.reload() });
        return 'login';
      }
      if (isExhausted(err)) {
        openPlans(kind, true);
        return 'exhausted';
      }
      return null;
    },
    [kind, openLogin, openPlans],
  );
  return { onMeta, onError };
}
