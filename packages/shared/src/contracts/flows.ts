import { z } from 'zod';
import { pathTo } from './paths.js';
import { liveJobSchema } from './publishing.js';

/**
 * Logs and Flows (spec 2.13, 3 "Log", 7.5; DESIGN "Flows", "Flows and logs endpoints"; decision 0014).
 * GET {ops-api}/table/CustomDebugLog lists debug entries, newest first; the flows start as durable jobs.
 */

// ---- Logs ----

/** Spec 8 "Empty states": the Logs screen without entries. */
export const NO_LOGS_MESSAGE = 'No logs yet..';
export const DEBUG_LOG_DEFAULT_LIMIT = 100;
export const DEBUG_LOG_MAX_LIMIT = 1000;

export const debugLogQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(DEBUG_LOG_MAX_LIMIT).default(DEBUG_LOG_DEFAULT_LIMIT),
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  })
  .strict();
export type DebugLogQuery = z.infer<typeof debugLogQuerySchema>;

/** Spec 3 "Log": id, target, error, creation_time; plus the job that wrote it, if any. */
export const debugLogEntrySchema = z.object({
  id: z.number(),
  target: z.string(),
  error: z.string(),
  creation_time: z.string(),
  job_id: z.string().nullable(),
});
export type DebugLogEntry = z.infer<typeof debugLogEntrySchema>;

/** `data`: one page of entries, newest first; `count`: all entries; `next`: the following page's URL, or null. */
export const debugLogListSchema = z.object({
  data: z.array(debugLogEntrySchema),
  count: z.number(),
  page: z.number(),
  limit: z.number(),
  next: z.string().nullable(),
});
export type DebugLogList = z.infer<typeof debugLogListSchema>;

// ---- Flows ----

/** The four steps, in the order the whole flow runs them; started with POST {ops-api}/trigger/sproc/{id}. */
export const FLOW_STEPS = [
  'loadBulkScanToQa',
  'loadBulkScanQaToAdjScan',
  'migrateAdjScanToDonation',
  'preloadDonation',
] as const;
export type FlowStep = (typeof FLOW_STEPS)[number];
/** The whole chain; started with POST {ops-api}/flow/{id}. */
export const FLOW_CHAIN = 'triggerBulkScanToDonationFlow' as const;
export const FLOW_IDS = [FLOW_CHAIN, ...FLOW_STEPS] as const;
export type FlowId = (typeof FLOW_IDS)[number];

export const isFlowId = (id: string): id is FlowId => (FLOW_IDS as readonly string[]).includes(id);
export const isFlowStep = (id: string): id is FlowStep => (FLOW_STEPS as readonly string[]).includes(id);

/** The job name of a flow (its runs are {name}_{n}, e.g. flow_loadBulkScanToQa_17). */
export const flowJobName = (id: FlowId) => `flow_${id}`;

/** What each flow card says. */
export const FLOW_DESCRIPTIONS: Record<FlowId, string> = {
  triggerBulkScanToDonationFlow:
    'Runs the four steps below in order: new scanner uploads are checked, clean weights become donations and the report totals are refreshed.',
  loadBulkScanToQa:
    'Copies bulk scans not loaded yet (scanner uploads; weights entered in the console are donations already) into the QA table and checks them: unknown store or receiver, receiver not serving the store, duplicate scan, weight far outside the store history. Problems go to Logs.',
  loadBulkScanQaToAdjScan:
    'Turns clean weight rows of the QA table into adjusted scans. No-pickup records are not donations and stay behind.',
  migrateAdjScanToDonation:
    'Makes each adjusted scan a donation, with meals, food rescued, CO2e and money saved from the impact factors.',
  preloadDonation: 'Rebuilds the pre-aggregated report totals for the months that have donations made by the flows.',
};

export const flowsPaths = {
  logs: '/ops-api/table/CustomDebugLog',
  /** POST: the whole chain (triggerBulkScanToDonationFlow). */
  flow: '/ops-api/flow/:id',
  /** POST: one of the four steps. */
  sproc: '/ops-api/trigger/sproc/:id',
} as const;

/** Where a flow starts (DESIGN "Flows and logs endpoints"). */
export const flowPath = (id: FlowId) => pathTo(id === FLOW_CHAIN ? flowsPaths.flow : flowsPaths.sproc, { id });

export const flowIdParamsSchema = z.object({ id: z.string().max(100) }).strict();

/** 202: the job started (its id and name, e.g. flow_loadBulkScanToQa_17). */
export const flowStartResultSchema = z.object({
  message: z.string(),
  flow: z.enum(FLOW_IDS),
  job: liveJobSchema,
});
export type FlowStartResult = z.infer<typeof flowStartResultSchema>;
