import {
  auditPaths,
  bulkScanCorrectedSchema,
  bulkScanCorrectionSchema,
  bulkScanDeletedSchema,
  bulkScanDeletionSchema,
  bulkScanIdParamsSchema,
} from '@openrescue/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { errorResponsesWithNotFound } from '../../lib/http-error.js';
import { auditActorOf } from '../audit/audit.actor.js';
import { correctBulkScan, deleteBulkScan } from './bulkscan-correction.service.js';

/** Staff corrections of bulk scans, each with a reason on the audit trail (issue 36, decision 0061). */
export async function bulkScanCorrectionRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;

  r.patch(auditPaths.bulkScan, {
    config: { access: 'staff' },
    schema: {
      tags: ['retail'],
      description:
        'Corrects a bulk scan: weight_kg (whole kg 1-999), department (1-7) and/or entry_date (the network day it ' +
        'counts on, not after today; the time of day is kept), with a required reason. Its donations, the totals and ' +
        'the rollups follow in the same transaction; published reports of the months it touches are marked ' +
        '"Corrected after publishing". Answers the scan before and after.',
      params: bulkScanIdParamsSchema,
      body: bulkScanCorrectionSchema,
      response: { 200: bulkScanCorrectedSchema, ...errorResponsesWithNotFound },
    },
    handler: async (request) => correctBulkScan(db, auditActorOf(request), request.params.id, request.body),
  });

  r.delete(auditPaths.bulkScan, {
    config: { access: 'staff' },
    schema: {
      tags: ['retail'],
      description:
        'Deletes a bulk scan and the donations it became, with a required reason (JSON body { reason }); totals and ' +
        'rollups follow at once. Answers the deleted scan.',
      params: bulkScanIdParamsSchema,
      body: bulkScanDeletionSchema,
      response: { 200: bulkScanDeletedSchema, ...errorResponsesWithNotFound },
    },
    handler: async (request) => deleteBulkScan(db, auditActorOf(request), request.params.id, request.body.reason),
  });
}
