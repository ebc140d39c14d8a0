import {
  MEDIA_LIMITS,
  MEDIA_MESSAGES,
  PLAN_FILE_PREFIX,
  PLAN_MESSAGES,
  type PlanFileUpload,
  planFileFields,
} from '@pathwise/contract';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/app-error.js';
import { parseInput } from '../../lib/parse-input.js';
import type { Uploads } from '../../lib/storage/storage.js';
import { storageKey } from '../../lib/uploads/inspect.js';
import { receiveUploads, type UploadRules } from '../../lib/uploads/receive.js';
import type { Viewer } from '../../lib/viewer.js';
import { requireOwnTopic } from './plan-access.js';
import { findTopicResource, setResourceFile, updatePlan } from './plans.queries.js';

const PDF_RULES: UploadRules = {
  fileFields: ['file'],
  accept: { 'application/pdf': 'PDF' },
  maxFiles: 1,
  maxBytes: MEDIA_LIMITS.maxPdfBytes,
  messages: {
    tooMany: 'Send one PDF file per request.',
    badType: MEDIA_MESSAGES.pdfOnly,
    tooLarge: MEDIA_MESSAGES.tooLarge,
  },
};

/** Uploaded PDFs of plan resources (a resource's file replaces its link). */
export function createPlanFilesService({ db, uploads }: { db: Database; uploads: Uploads }) {
  return {
    /**
     * Stores the request's PDF (`file`) as the file of resource `resourceId` (a form field) of a topic of
     * the viewer's plan. A refused or failed request stores nothing; a replaced file is removed.
     */
    async uploadResourceFile(
      viewer: Viewer,
      planId: number,
      topicId: number,
      request: FastifyRequest,
    ): Promise<PlanFileUpload> {
      // Permission first: nobody else's bytes are ever written to disk.
      await requireOwnTopic(db, viewer, planId, topicId);
      const received = await receiveUploads(request, uploads.tmpDir, PDF_RULES);
      try {
        const { resourceId } = parseInput(planFileFields, received.fields);
        const file = received.files[0];
        if (!file) throw badRequest(PLAN_MESSAGES.pdfRequired);
        if (!(await findTopicResource(db, topicId, resourceId)))
          throw notFound(PLAN_MESSAGES.resourceNotFound);

        const key = storageKey(PLAN_FILE_PREFIX, file.mime);
        await uploads.storage.putFile(key, file.path);
        const stored = await db
          .transaction(async (tx) => {
            const result = await setResourceFile(tx, resourceId, key);
            if (!result) throw notFound(PLAN_MESSAGES.resourceNotFound);
            await updatePlan(tx, planId, {});
            return result;
          })
          .catch(async (error: unknown) => {
            await uploads.storage.remove([key]);
            throw error;
          });
        if (stored.replaced) await uploads.storage.remove([stored.replaced]);
        return { fileUrl: viewer.mediaUrl(key)! };
      } finally {
        await received.discard();
      }
    },
  };
}
export type PlanFilesService = ReturnType<typeof createPlanFilesService>;
