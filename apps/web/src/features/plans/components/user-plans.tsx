import { PLAN_MESSAGES } from '@pathwise/contract';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorWithRetry } from '../../../components/error-with-retry';
import { useUserPlans } from '../api/queries';
import { PlanList } from './plan-list';

type UserPlansProps = { userId: number; isOwnProfile: boolean };

/** The profile's 'Learning Plans' tab: the user's plans, their private ones too when they are the viewer. */
export function UserPlans({ userId, isOwnProfile }: UserPlansProps) {
  const list = useUserPlans(userId);
  return (
    <PlanList
      list={list}
      failure={<ErrorWithRetry onRetry={() => list.refetch()}>{PLAN_MESSAGES.loadListFailed}</ErrorWithRetry>}
      empty={
        <EmptyState title="No learning plans yet">
          {isOwnProfile && (
            <Link to="/create-learning-plan" className="btn-primary">
              Create a learning plan
            </Link>
          )}
        </EmptyState>
      }
      loadMoreFailure={PLAN_MESSAGES.loadListFailed}
    />
  );
}
