import type { LearningPlan } from '@pathwise/contract';
import { StartGroupButton } from '../../features/groups';
import { NoteButton, NotePanel, PlanNotesProvider } from '../../features/notes';
import { type ItemExtras, PlanDetailPage } from '../../features/plans/pages/plan-detail-page';
import { useViewer } from '../../lib/auth/auth-context';

/** Each topic and resource gets the notes feature's button at the end of its row and its note under it. */
const NOTE_EXTRAS: ItemExtras = {
  action: (item) => <NoteButton {...item} />,
  details: (item) => <NotePanel {...item} />,
};

/** Under the plan's summary: "Start a group" on it. */
const startGroup = (plan: LearningPlan) => <StartGroupButton planId={plan.id} planTitle={plan.title} />;

/**
 * /learning-plan/{planId}: the plan, with "Start a group" and the viewer's private note on each topic and
 * resource. A visitor reading signed out has no notes and starts no group, so neither is offered.
 */
export function PlanPage() {
  const signedIn = useViewer() !== null;
  if (!signedIn) return <PlanDetailPage />;
  return (
    <PlanNotesProvider>
      <PlanDetailPage itemExtras={NOTE_EXTRAS} summaryExtra={startGroup} />
    </PlanNotesProvider>
  );
}
