import type { MessageQueue, MessageQueueEnqueueOptions } from '@fedify/fedify';
import type { JobQueue } from './jobs.js';

// Not 'fedify.task', the queue's first name: that queue was created without ordering, for good.
export const FEDIFY_TASK_JOB = 'fedify.message';

/**
 * Fedify's message queue on the app's job queue (pg-boss, lib/jobs.ts): deliveries and received
 * activities are rows in the database, on the embedded database as on a PostgreSQL server, survive
 * restarts and are taken by one process each. pg-boss runs the tasks (the worker registered with
 * `runTasks`); Fedify's own `listen` is never started (`manuallyStartQueue`), and Fedify schedules its
 * retries itself, as delayed messages, with its backoff of up to ten attempts over half a day. Messages
 * with the same ordering key (an object's Create, Update and Delete to one server) run one at a time, in
 * the order they were enqueued, whichever processes work the queue.
 */
export function createFedifyMessageQueue(jobs: JobQueue): MessageQueue & {
  runTasks(process: (message: never) => Promise<void>): void;
} {
  return {
    nativeRetrial: false,
    async enqueue(message: object, options?: MessageQueueEnqueueOptions) {
      const delaySeconds = options?.delay ? Math.ceil(options.delay.total({ unit: 'seconds' })) : 0;
      await jobs.enqueue(FEDIFY_TASK_JOB, message, { delaySeconds, group: options?.orderingKey });
    },
    listen(_handler, options) {
      // Only resolves, as the interface asks, once told to stop: pg-boss's worker does the work.
      return new Promise((resolve) => {
        if (!options?.signal) return;
        if (options.signal.aborted) resolve();
        options.signal.addEventListener('abort', () => resolve(), { once: true });
      });
    },
    runTasks(process) {
      jobs.handle(FEDIFY_TASK_JOB, process, { ordered: true });
    },
  };
}
