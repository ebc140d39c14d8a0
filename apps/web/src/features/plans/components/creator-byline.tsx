import type { LearningPlanCard } from '@pathwise/contract';
import { Link } from 'react-router';
import { Avatar } from '../../../components/avatar';
import { RelativeTime } from '../../../components/relative-time';

/** Who made the plan ('Anonymous User' when the name is missing) and how long ago. */
export function CreatorByline({ plan }: { plan: LearningPlanCard }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Avatar src={plan.creator.profilePicture} alt="" className="size-9" />
      <div className="min-w-0">
        <Link
          to={`/profile/${plan.creator.id}`}
          className="block truncate font-medium text-slate-900 hover:underline"
        >
          {plan.creator.name || 'Anonymous User'}
        </Link>
        <p className="text-xs text-slate-500">
          <RelativeTime value={plan.createdAt} />
        </p>
      </div>
    </div>
  );
}
