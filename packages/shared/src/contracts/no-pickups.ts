import { z } from 'zod';

/**
 * POST {core-api}/api/retail/no-pickups (issue 36, decision 0062): staff record that a scheduled pickup did not
 * happen, and why. A no-pickup is a bulk scan with a reason (spec 3 "Bulk scan record": receiver_id, store_id,
 * reason_id, entry_time, email) and no weight; the stipend report counts it per reason. The author is the signed-in
 * user, never a field of the body; the day is the network's calendar day of the missed pickup.
 */
export const NO_PICKUP_DAY_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

export const noPickupBodySchema = z
  .object({
    store_id: z.number().int().min(1).max(999_999_999),
    receiver_id: z.number().int().min(1).max(999_999_999),
    /** The day of the missed pickup, YYYY-MM-DD in the network's time zone (not after today, at most 90 days back). */
    day: z.string().regex(NO_PICKUP_DAY_PATTERN, 'expected a day as YYYY-MM-DD'),
    /** One of the no-pickup reasons (GET reasons): 1 to 8. */
    reason_id: z.number().int().min(1).max(8),
  })
  .strict();
export type NoPickupBody = z.infer<typeof noPickupBodySchema>;

export const noPickupsPaths = {
  /** POST: records one no-pickup; the answer is its row as GET retail/bulkscan lists it. */
  record: '/core-api/api/retail/no-pickups',
} as const;
