import { REPORT_TIME_ZONE, setNetworkTimeZone, systemPaths, type AppConfig } from '@openrescue/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiUrl } from '../config/env';
import { api } from './api';
import { setProductName } from './product-name';

/** GET {core}/api/config: the deployment's public settings. */
export type { AppConfig };

/** Used until the server answers (or when it cannot), so screens never wait on it to render text. */
export const FALLBACK_CONFIG: AppConfig = {
  product_name: 'OpenRescue',
  support_email: '',
  oidc: { enabled: false, label: '' },
  community_url: '',
  booking_url: '',
  flw_url: '',
  staff_email_domain: '',
  time_zone: REPORT_TIME_ZONE,
};

/**
 * The settings the server inlined into the page (apps/server/src/plugins/web.ts), so that no screen waits for a
 * request to render; undefined in the dev server, where pages come from Vite: then they are asked for.
 */
function inlinedConfig(): AppConfig | undefined {
  const text = typeof document === 'undefined' ? null : document.getElementById('app-config')?.textContent;
  if (!text) return undefined;
  try {
    const config = JSON.parse(text) as AppConfig;
    if (typeof config.product_name !== 'string' || typeof config.oidc?.enabled !== 'boolean') return undefined;
    setProductName(config.product_name);
    setNetworkTimeZone(config.time_zone);
    return config;
  } catch {
    return undefined;
  }
}

const INLINED = inlinedConfig();

/** Whether the server sent the settings with the page (it then also pre-renders the standalone pages with them). */
export function hasInlinedConfig(): boolean {
  return INLINED !== undefined;
}

export async function getAppConfig(): Promise<AppConfig> {
  const config = await api.get<AppConfig>(apiUrl(systemPaths.config));
  setProductName(config.product_name);
  setNetworkTimeZone(config.time_zone);
  return config;
}

export const appConfigQueryOptions = () =>
  queryOptions({ queryKey: ['app-config'], queryFn: getAppConfig, staleTime: Infinity, initialData: INLINED });

export function useAppConfig() {
  const query = useQuery(appConfigQueryOptions());
  return { ...query, config: query.data ?? FALLBACK_CONFIG };
}
