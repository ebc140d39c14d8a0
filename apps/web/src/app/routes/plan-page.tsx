import { NoteToggle } from '../../features/notes';
import { PlanDetailPage } from '../../features/plans/pages/plan-detail-page';
import { useViewer } from '../../lib/auth/auth-context';

/**
 * /learning-plan/{planId}: the plan, with the viewer's private note under each topic and resource.
 * A visitor reading signed out has no notes, so none are offered.
 */
export function PlanPage() {
  const signedIn = useViewer() !== null;
  return <PlanDetailPage renderItemExtras={signedIn ? (item) => <NoteToggle {...item} /> : undefined} />;
}
