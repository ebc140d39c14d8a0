import { NoteToggle } from '../../features/notes';
import { PlanDetailPage } from '../../features/plans/pages/plan-detail-page';

/** /learning-plan/{planId}: the plan, with the viewer's private note under each topic and resource. */
export function PlanPage() {
  return <PlanDetailPage renderItemExtras={(item) => <NoteToggle {...item} />} />;
}
