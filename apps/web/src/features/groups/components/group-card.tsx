import type { Group } from '@pathwise/contract';
import { Link } from 'react-router';

/** A study group in a list (yours, a profile's, search): its name, leading to it, its plan and size. */
export function GroupCard({ group }: { group: Group }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <Link to={`/groups/${group.id}`} className="font-semibold text-indigo-700 hover:underline">
        {group.name}
      </Link>
      <p className="text-sm text-slate-600">
        {group.plan.title} · {group.memberCount} {group.memberCount === 1 ? 'member' : 'members'}
      </p>
    </div>
  );
}
