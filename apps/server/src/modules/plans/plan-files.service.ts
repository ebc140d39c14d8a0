import {
  MEDIA_LIMITS,
  MEDIA_MESSAGES,
  PLAN_FILE_PREFIX,
  PLAN_MESSAGES,
  type PlanFileUpload,
  planFileFields,
} from '@pathwise/contract';
import type { Database } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/app-error.js';
import { parseInput } from '../../lib/parse-input.js';
import { storageKey } from '../../lib/uploads/inspect.js';
import type { UploadRules } from '../../lib/uploads/receive.js';
import type { Uploads } from '../../lib/uploads/upload.js';
import { type IncomingUpload, withUpload } from '../../lib/uploads/upload.js';
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
      upload: IncomingUpload,
    ): Promise<PlanFileUpload> {
      // Permission first: nobody else's bytes are ever stored.
      await requireOwnTopic(db, viewer, planId, topicId);
      const { key, replaced } = await withUpload(uploads, upload, PDF_RULES, async (received, store) => {
        const { resourceId } = parseInput(planFileFields, received.fields);
        const file = received.files[0];
        if (!file) throw badRequest(PLAN_MESSAGES.pdfRequired);
        if (!(await findTopicResource(db, topicId, resourceId)))
          throw notFound(PLAN_MESSAGES.resourceNotFound);

        const key = storageKey(PLAN_FILE_PREFIX, file.mime);
        await store(key, file.path);
        const stored = await db.transaction(async (tx) => {
          const result = await setResourceFile(tx, resourceId, key);
          if (!result) throw notFound(PLAN_MESSAGES.resourceNotFound);
          await updatePlan(tx, planId, {});
          return result;
        });
        return { key, replaced: stored.replaced };
      });
      if (replaced) await uploads.removal.removeUnreferenced([replaced]);
      return { fileUrl: viewer.mediaUrl(key)! };
    },
  };
}
export type PlanFilesService = ReturnType<typeof createPlanFilesService>;
