import type { AppConfig } from '@openrescue/shared';
import { type Env, oidcEnabled } from '../../config/env.js';

/** The deployment's public settings: GET /core-api/api/config, and inlined into every page the server sends. */
export function publicAppConfig(env: Env): AppConfig {
  return {
    product_name: env.PRODUCT_NAME,
    support_email: env.SUPPORT_EMAIL,
    staff_email_domain: env.STAFF_EMAIL_DOMAIN,
    oidc: { enabled: oidcEnabled(env), label: env.OIDC_LABEL },
    community_url: env.COMMUNITY_URL,
    booking_url: env.BOOKING_URL,
    flw_url: env.FLW_URL,
    time_zone: env.NETWORK_TIME_ZONE,
  };
}
