import { FEED_MESSAGES } from '@pathwise/contract';
import type { ReactNode } from 'react';
import { PeopleToFollow, type RenderFollow } from './people-to-follow';
import { PlansInProgress } from './plans-in-progress';

function SideBox({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id={id} className="mb-3 text-base font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The home page's side column on wide screens: plans in progress and people to follow. */
export function HomeSideColumn({
  renderFollow,
  showSuggestions,
}: {
  renderFollow: RenderFollow;
  showSuggestions: boolean;
}) {
  return (
    <div className="space-y-6">
      <SideBox id="side-plans-in-progress" title={FEED_MESSAGES.plansInProgressTitle}>
        <PlansInProgress />
      </SideBox>
      {showSuggestions && (
        <SideBox id="side-people-to-follow" title={FEED_MESSAGES.suggestionsTitle}>
          <PeopleToFollow renderFollow={renderFollow} />
        </SideBox>
      )}
    </div>
  );
}
