import { NoteButton, NotePanel, PlanNotesProvider } from '../../features/notes';
import { type ItemExtras, PlanDetailPage } from '../../features/plans/pages/plan-detail-page';
import { useViewer } from '../../lib/auth/auth-context';

/** Each topic and resource gets the notes feature's button at the end of its row and its note under it. */
const NOTE_EXTRAS: ItemExtras = {
  action: (item) => <NoteButton {...item} />,
  details: (item) => <NotePanel {...item} />,
};

/**
 * /learning-plan/{planId}: the plan, with the viewer's private note on each topic and resource. A visitor
 * reading signed out has no notes, so none are offered.
 */
export function PlanPage() {
  const signedIn = useViewer() !== null;
  if (!signedIn) return <PlanDetailPage />;
  return (
    <PlanNotesProvider>
      <PlanDetailPage itemExtras={NOTE_EXTRAS} />
    </PlanNotesProvider>
  );
}
