import { type CurrentUser, FIRST_STEPS_LIMITS } from '@pathwise/contract';
import { useFirstSteps } from './queries';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whether to greet the person as new and show the first steps: the server's word once they are loaded.
 * Until then, or when they could not be loaded, a recent account that has posted nothing and follows
 * nobody is taken as new: right for nearly everyone, so the greeting seldom changes while it is read, and
 * only a likely newcomer is shown the checklist's loading and failure states.
 */
export function useIsNewcomer(user: CurrentUser | null): boolean {
  const query = useFirstSteps(user !== null);
  if (!user) return false;
  if (query.data) return query.data.newcomer;
  const age = Date.now() - Date.parse(user.createdAt);
  return age < FIRST_STEPS_LIMITS.newcomerDays * DAY_MS && user.postsCount === 0 && user.followingCount === 0;
}
