import { PLAN_MESSAGES } from '@pathwise/contract';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorWithRetry } from '../../../components/error-with-retry';
import { usePublicPlans } from '../api/queries';
import { PlanList } from './plan-list';

type PublicPlansFeedProps = {
  /** The Home page's refresh key: a new value loads page 0 again. */
  refreshKey: string;
  /** 'Try Again' on a failed load: the Home page bumps its refresh key. */
  onRetry: () => void;
};

/** The Home page's 'Learning Plans' tab. */
export function PublicPlansFeed({ refreshKey, onRetry }: PublicPlansFeedProps) {
  const list = usePublicPlans(refreshKey);
  return (
    <PlanList
      list={list}
      loadingLabel="Loading content..."
      failure={
        <ErrorWithRetry title="Error Loading Content" retryLabel="Try Again" onRetry={onRetry}>
          {PLAN_MESSAGES.loadFeedFailed}
        </ErrorWithRetry>
      }
      empty={
        <EmptyState title="No learning plans yet">
          <p>Start by creating a new learning plan.</p>
          <Link to="/create-learning-plan" className="btn-primary">
            New Learning Plan
          </Link>
        </EmptyState>
      }
      loadMoreFailure={PLAN_MESSAGES.loadFeedFailed}
    />
  );
}
