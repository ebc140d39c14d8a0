import { PLAN_MESSAGES } from '@pathwise/contract';
import { useNavigate } from 'react-router';
import { BusyButton } from '../../../components/busy-button';
import { ErrorBox } from '../../../components/callout';
import { serverMessageOr } from '../../../lib/api-client';
import { useSignInFirst } from '../../../lib/visitor-gate';
import { useCopyPlan } from '../api/queries';

/** "Use as template": copies the plan into a private plan of the viewer's, then opens the copy. */
export function UseAsTemplate({ planId }: { planId: number }) {
  const copy = useCopyPlan();
  const navigate = useNavigate();
  const signInFirst = useSignInFirst();
  return (
    <div className="flex flex-col items-end gap-2">
      <BusyButton
        type="button"
        className="btn-secondary"
        busy={copy.isPending}
        onClick={signInFirst(() =>
          copy.mutate(planId, { onSuccess: (plan) => navigate(`/learning-plan/${plan.id}`) }),
        )}
      >
        {copy.isPending ? 'Copying…' : 'Use as template'}
      </BusyButton>
      {copy.isError && <ErrorBox>{serverMessageOr(copy.error, PLAN_MESSAGES.copyFailed)}</ErrorBox>}
    </div>
  );
}
