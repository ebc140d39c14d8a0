import { type LearningPlan, PROGRESS_SHARE_TEXTS, sharedProgressPath } from '@pathwise/contract';
import { useState } from 'react';
import { ErrorBox } from '../../../components/callout';
import { ShareButton } from '../../../components/share-button';
import { useProgressShare, useSetProgressShare } from '../api/progress-shares';

/**
 * "Share my progress" on a plan: off until the person turns it on, then the Share button (share sheet,
 * else "Copy link") for the page of their progress. A private plan has no such page, so it says why.
 */
export function ProgressShareControl({ plan, handle }: { plan: LearningPlan; handle: string }) {
  const state = useProgressShare(plan.id);
  const change = useSetProgressShare(plan.id);
  // Held from the click itself until the server answers: the switch never flips back meanwhile, as it
  // did for a moment on a slow device while the mutation's state reached the component.
  const [requested, setRequested] = useState<boolean | null>(null);
  const shared = requested ?? state.data?.shared;
  if (!plan.isPublic) return <p className="text-sm text-slate-600">{PROGRESS_SHARE_TEXTS.privateHint}</p>;

  return (
    <section aria-label={PROGRESS_SHARE_TEXTS.toggle} className="space-y-2">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <label className="inline-flex items-center gap-2 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            // An on/off setting that takes effect at once, and not one of the plan's progress ticks.
            role="switch"
            className="size-4"
            checked={shared ?? false}
            aria-checked={shared ?? false}
            disabled={state.isPending || change.isPending}
            aria-describedby="progress-share-hint"
            onChange={(event) => {
              setRequested(event.target.checked);
              change.mutate(event.target.checked, { onSettled: () => setRequested(null) });
            }}
          />
          {PROGRESS_SHARE_TEXTS.toggle}
        </label>
        {state.data?.shared && !change.isPending && (
          <ShareButton
            path={sharedProgressPath(plan.id, handle)}
            title={PROGRESS_SHARE_TEXTS.shareTitle(plan.title)}
          />
        )}
      </div>
      <p id="progress-share-hint" className="text-sm text-slate-600">
        {PROGRESS_SHARE_TEXTS.toggleHint}
      </p>
      {(change.isError || state.isError) && <ErrorBox>{PROGRESS_SHARE_TEXTS.saveFailed}</ErrorBox>}
    </section>
  );
}
