import { reportDay } from '@openrescue/shared';
import {
  ALL,
  BULK_SCAN,
  COMPANY_REPORT,
  everyone,
  integrationOnly,
  LINK_OWNERS,
  NO_CREDENTIAL,
  ok,
  type Probe,
  RECEIVER_LINK_OWNERS,
  staffOnly,
} from './authorization-cells.js';

/**
 * The authorization matrix's writes (authorization-matrix.ts): sent after every read and the totals checks, in this
 * order, since some of them end a principal (a rotated link) or change what a later row finds.
 */
export const WRITE_PROBES: Record<string, Probe | Probe[]> = {
  'POST /core-api/api/bulkscan/': { body: BULK_SCAN, write: true, expect: staffOnly() },
  // Corrections of a bulk scan (a scan nobody has: staff get 404, everyone else is refused before the handler).
  'PATCH /core-api/api/bulkscan/:id': {
    url: '/core-api/api/bulkscan/999999999',
    body: { weight_kg: 3, reason: 'matrix' },
    write: true,
    expect: staffOnly('404'),
  },
  'DELETE /core-api/api/bulkscan/:id': {
    url: '/core-api/api/bulkscan/999999999',
    body: { reason: 'matrix' },
    write: true,
    expect: staffOnly('404'),
  },
  // Issue 36: a no-pickup of the network's today for the principal's own store and receiver (the demo's own
  // no-pickups end yesterday, so this one is never the day's second).
  'POST /core-api/api/retail/no-pickups': {
    body: {
      store_id: '{own-store}',
      receiver_id: '{own-receiver}',
      day: reportDay(),
      reason_id: 2,
    },
    write: true,
    expect: staffOnly(),
  },
  'POST /core-api/api/reports/company/:id/report-jobs': {
    object: 'company',
    body: {},
    write: true,
    expect: COMPANY_REPORT,
  },
  'POST /core-api/api/reports/charity_poster_contacts/': {
    body: { with_receiver_id: '{own-receiver}', month: '2025-06' },
    write: true,
    expect: staffOnly(),
  },
  'POST /ops-api/appsheet/table/PublishFile/batchAction': {
    body: {
      Action: 'AdvanceSingleFileChangeTime',
      Properties: { Locale: 'en-US', Timezone: 'Pacific Standard Time', TaskName: 'publish_id_{publish-file}' },
      Rows: [{ id: '{publish-file}' }],
    },
    write: true,
    expect: staffOnly(),
  },
  'POST /core-api/api/company/api-keys': {
    body: { name: 'matrix-created' },
    write: true,
    expect: { ...everyone('403'), ...NO_CREDENTIAL, 'company-a': ok, 'company-b': ok },
  },
  'DELETE /core-api/api/company/api-keys/:id': {
    url: '/core-api/api/company/api-keys/999999999',
    write: true,
    expect: { ...everyone('403'), ...NO_CREDENTIAL, 'company-a': '404', 'company-b': '404' },
  },
  ...Object.fromEntries(
    ['POST', 'PUT', 'PATCH', 'DELETE'].map((method) => [
      `${method} /core-api/api/integrations/figures`,
      { body: {}, write: true, expect: everyone('405') } satisfies Probe,
    ]),
  ),
  'POST /core-api/api/product/calls/integration-keys': {
    body: { name: 'matrix-created' },
    write: true,
    expect: staffOnly(),
  },
  'DELETE /core-api/api/product/calls/integration-keys/:id': {
    object: 'integration-key',
    write: true,
    expect: staffOnly(ALL),
  },
  'POST /core-api/api/product/calls/transcripts': {
    body: { call: { tw_call_sid: 'CA0000000000000000000000000000a0a0' } },
    write: true,
    expect: integrationOnly(ok),
  },
  // The target is a demo call: no key created it, so no key may replace its recording (decision 0039).
  'PUT /core-api/api/product/calls/transcripts/:id/audio': {
    object: 'transcript',
    body: 'wav',
    write: true,
    expect: integrationOnly({ existing: '409', missing: '404' }),
  },
  'POST /ops-api/flow/:id': { object: 'flow', write: true, expect: staffOnly(ALL) },
  'POST /ops-api/trigger/sproc/:id': { object: 'flow-step', write: true, expect: staffOnly(ALL) },
  'POST /core-api/api/mail/unsubscribe': {
    url: '/core-api/api/mail/unsubscribe?t=1.aaaaaaaaaaaaaaaaaaaaaa',
    write: true,
    expect: everyone('404'),
  },
  // (a contact nobody has: staff get 404, everyone else is refused before the handler)
  'POST /core-api/api/retail/reports/charity_poster_contacts/:id/resubscribe': {
    url: '/core-api/api/retail/reports/charity_poster_contacts/999999/resubscribe',
    write: true,
    expect: staffOnly('404'),
  },
  'POST /core-api/api/invitations/accept': {
    body: { token: 'a'.repeat(43), password: 'long-enough-1' },
    write: true,
    expect: everyone('404'),
  },
  'POST /ops-api/receiver-users': {
    body: { email: 'matrix-charity-new@openrescue.test', name: 'Matrix New', receiver_ids: ['{own-receiver}'] },
    write: true,
    expect: staffOnly(),
  },
  // (a charity user nobody has: staff get 404, everyone else is refused before the handler)
  'PATCH /ops-api/receiver-users/:id': {
    url: '/ops-api/receiver-users/999999',
    body: { name: 'Matrix' },
    write: true,
    expect: staffOnly('404'),
  },
  'DELETE /ops-api/receiver-users/:id': {
    url: '/ops-api/receiver-users/999999',
    write: true,
    expect: staffOnly('404'),
  },
  'POST /ops-api/receiver-users/:id/invitation': {
    url: '/ops-api/receiver-users/999999/invitation',
    write: true,
    expect: staffOnly('404'),
  },
  // Copying a link is an entry in the audit trail, nothing else (decision 0069).
  'POST /ops-api/public-links/:kind/:id/copied': {
    url: '/ops-api/public-links/store/{id}/copied',
    object: 'store',
    write: true,
    expect: staffOnly(ALL),
  },
  'POST /ops-api/public-links/store/:id/poster/copied': { object: 'store', write: true, expect: staffOnly(ALL) },
  'POST /core-api/api/public-links/:kind/:id/copied': [
    { url: '/core-api/api/public-links/store/{id}/copied', object: 'store', write: true, expect: LINK_OWNERS },
    {
      url: '/core-api/api/public-links/receiver/{id}/copied',
      object: 'receiver',
      write: true,
      expect: RECEIVER_LINK_OWNERS,
    },
  ],
  'POST /core-api/api/public-links/store/:id/poster/copied': { object: 'store', write: true, expect: LINK_OWNERS },
  'POST /core-api/api/public-links/store/:id/poster/revoke': { object: 'store', write: true, expect: LINK_OWNERS },
  // Revoking S1's poster link leaves its report link (the store link principal) working.
  'POST /ops-api/public-links/store/:id/poster/revoke': {
    url: '/ops-api/public-links/store/{id}/poster/revoke',
    object: 'store',
    write: true,
    expect: staffOnly(ALL),
  },
  // Last: rotating S1's link ends the store link principal.
  'POST /ops-api/public-links/:kind/:id/rotate': {
    url: '/ops-api/public-links/store/{id}/rotate',
    object: 'store',
    write: true,
    expect: staffOnly(ALL),
  },
  // After it, the store link is a rotated one (401) like the revoked link; R1's is rotated last of all (its link
  // asks before staff and the charity user do).
  'POST /core-api/api/public-links/:kind/:id/rotate': [
    {
      url: '/core-api/api/public-links/store/{id}/rotate',
      object: 'store',
      write: true,
      expect: { ...LINK_OWNERS, 'link-s1': '401' },
    },
    {
      url: '/core-api/api/public-links/receiver/{id}/rotate',
      object: 'receiver',
      write: true,
      expect: { ...RECEIVER_LINK_OWNERS, 'link-s1': '401' },
    },
  ],
};
