import { useEffect, useState } from 'react';
import { defaultAppParameters, type AppParameters } from '@tuerca/contracts';
import { api } from './api';

let loading: Promise<AppParameters> | null = null;

function loadAppParameters(): Promise<AppParameters> {
  loading ??= api
    .get<Partial<AppParameters>>('/core/appParameters')
    .then((r) => ({ ...defaultAppParameters(), ...r.data }))
    .catch(() => {
      loading = null;
      return defaultAppParameters();
    });
  return loading;
}

/** The app parameters (001 §3: isVirtualStore, showProductReferences, thresholds); null until they arrive. */
export function useAppParameters(): AppParameters | null {
  const [params, setParams] = useState<AppParameters | null>(null);
  useEffect(() => {
    let live = true;
    void loadAppParameters().then((p) => live && setParams(p));
    return () => {
      live = false;
    };
  }, []);
  return params;
}
