import { type LearningPlan, type Page, PLAN_MESSAGES } from '@pathwise/contract';
import { type ReactNode, useState } from 'react';
import { Callout } from '../../../components/callout';
import { PagedItems, type PagedStates } from '../../../components/paged-items';
import { useConfirm } from '../../../components/use-confirm';
import type { PagedList } from '../../../lib/paged-list';
import { useDeletePlan } from '../api/queries';
import { PlanCard } from './plan-card';
import { PlanCardSkeletons } from './plan-card-skeletons';

type Notice = { ok: boolean; text: string };

/** Asks first, then the list drops the plan and says so. */
function usePlanDeletion() {
  const deletion = useDeletePlan();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [confirm, confirmDialog] = useConfirm();
  const remove = async (plan: LearningPlan) => {
    const confirmed = await confirm({
      title: 'Delete learning plan?',
      message: PLAN_MESSAGES.confirmDelete,
      confirmLabel: 'Delete',
    });
    if (!confirmed) return;
    setNotice(null);
    deletion.mutate(plan.id, {
      onSuccess: () => setNotice({ ok: true, text: PLAN_MESSAGES.deleted }),
      onError: () => setNotice({ ok: false, text: PLAN_MESSAGES.deleteFailed }),
    });
  };
  return { remove, deletingId: deletion.isPending ? deletion.variables : null, notice, confirmDialog };
}

type PlanListProps = Omit<PagedStates, 'loading'> & {
  list: PagedList<Page<LearningPlan>>;
  empty: ReactNode;
  /** Said over the cards' placeholders while the first page loads: 'Loading...' unless named otherwise. */
  loadingLabel?: string;
};

/** Plan cards, 'Load More' while pages remain, and deletion for the plans the viewer created. */
export function PlanList({ list, empty, loadingLabel, ...states }: PlanListProps) {
  const { remove, deletingId, notice, confirmDialog } = usePlanDeletion();
  return (
    <PagedItems
      list={list}
      loading={<PlanCardSkeletons {...(loadingLabel && { label: loadingLabel })} />}
      {...states}
      className="space-y-4"
    >
      {(plans) => (
        <>
          {confirmDialog}
          {notice && <Callout tone={notice.ok ? 'success' : 'error'}>{notice.text}</Callout>}
          {plans.length === 0 ? (
            empty
          ) : (
            <ul className="grid gap-4 md:grid-cols-2">
              {plans.map((plan) => (
                <li key={plan.id}>
                  <PlanCard plan={plan} onDelete={remove} deleting={deletingId === plan.id} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </PagedItems>
  );
}
