import { z } from 'zod';
import type { ErrorBody } from '../errors.js';

/**
 * Every error body on the wire (DESIGN.md section 6). Kept apart from errors.ts, whose constants the web app's
 * first load needs without zod.
 */
export const errorBodySchema: z.ZodType<ErrorBody> = z.object({
  type: z.string(),
  message: z.string(),
  detail: z.string(),
});
