import {
  FIRST_STEPS_LIMITS,
  type FirstSteps,
  type FirstStepsUpdate,
  USER_MESSAGES,
} from '@pathwise/contract';
import type { Database } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import type { Viewer } from '../../lib/viewer.js';
import { type FirstStepsRow, selectFirstSteps, updateFirstStepsDismissed } from './first-steps.queries.js';

/**
 * The rules of the first steps (docs/features.md, "First steps"). A profile is complete with a bio or a
 * picture: what others see of someone beyond their name. A plan is started by making one or by recording
 * progress on anyone's.
 */
function toFirstSteps(row: FirstStepsRow): FirstSteps {
  const steps = {
    profile: Boolean(row.bio?.trim()) || row.profilePicture !== null,
    follow: row.followingCount >= FIRST_STEPS_LIMITS.peopleToFollow,
    plan: row.hasPlan,
    post: row.postsCount > 0,
  };
  const allDone = Object.values(steps).every(Boolean);
  return {
    steps,
    followingCount: row.followingCount,
    dismissed: row.dismissed,
    newcomer: row.recent && !row.dismissed && !allDone,
  };
}

export function createFirstStepsService(db: Database) {
  async function read(viewer: Viewer): Promise<FirstSteps> {
    const row = await selectFirstSteps(db, viewer.id, FIRST_STEPS_LIMITS.newcomerDays);
    if (!row) throw notFound(USER_MESSAGES.notFound);
    return toFirstSteps(row);
  }

  return {
    /** One statement. */
    read,

    /** Two statements: the change, then the steps as they now stand. */
    async update(viewer: Viewer, update: FirstStepsUpdate): Promise<FirstSteps> {
      if (!(await updateFirstStepsDismissed(db, viewer.id, update.dismissed))) {
        throw notFound(USER_MESSAGES.notFound);
      }
      return read(viewer);
    },
  };
}
export type FirstStepsService = ReturnType<typeof createFirstStepsService>;
