import {
  FIRST_STEP_KEYS,
  FIRST_STEPS_LIMITS,
  FIRST_STEPS_MESSAGES,
  type FirstStepKey,
  type FirstSteps,
} from '@pathwise/contract';
import { Link } from 'react-router';
import { ErrorBox } from '../../../components/callout';
import { CheckIcon } from '../../../components/icons';
import { useDismissFirstSteps } from '../api/dismiss';
import { useFirstSteps } from '../api/queries';

/** Where each step is done. Following starts from the search page, which suggests people to follow. */
const STEP_LINKS: Record<FirstStepKey, string> = {
  profile: '/profile/edit',
  follow: '/search',
  plan: '/create-learning-plan',
  post: '/create-post',
};

function stepLabel(key: FirstStepKey, steps: FirstSteps) {
  const label = FIRST_STEPS_MESSAGES.steps[key];
  if (key !== 'follow' || steps.steps.follow) return label;
  return `${label} (${steps.followingCount} of ${FIRST_STEPS_LIMITS.peopleToFollow})`;
}

function Step({ stepKey, steps }: { stepKey: FirstStepKey; steps: FirstSteps }) {
  const done = steps.steps[stepKey];
  return (
    <li className="flex items-center gap-3 py-2">
      <span
        aria-hidden="true"
        className={`flex size-6 shrink-0 items-center justify-center rounded-full border ${
          done ? 'border-emerald-600 bg-emerald-600 text-white' : 'border-slate-400 bg-white'
        }`}
      >
        {done && <CheckIcon className="size-4" />}
      </span>
      <Link to={STEP_LINKS[stepKey]} className={`text-link ${done ? 'line-through' : ''}`}>
        {stepLabel(stepKey, steps)}
      </Link>
      {/* The state in words, for those who cannot see the tick. */}
      <span className="sr-only">{done ? FIRST_STEPS_MESSAGES.done : FIRST_STEPS_MESSAGES.notDone}</span>
    </li>
  );
}

/**
 * A newcomer's first steps on the home page (docs/features.md, "First steps"): each ticks itself off from
 * what the person has. Shown only while the server counts the person as new; a failed load shows a short
 * notice and leaves the rest of the page alone.
 */
export function FirstStepsChecklist({ onDismissed }: { onDismissed?: () => void }) {
  const query = useFirstSteps();
  const dismiss = useDismissFirstSteps();
  if (query.isPending)
    return (
      <p role="status" className="mt-6 text-sm text-slate-600">
        {FIRST_STEPS_MESSAGES.loading}
      </p>
    );
  if (!query.data) {
    return (
      <div className="mt-6">
        <ErrorBox>
          <p>{FIRST_STEPS_MESSAGES.loadFailed}</p>
          <button type="button" onClick={() => void query.refetch()} className="text-link">
            Retry
          </button>
        </ErrorBox>
      </div>
    );
  }
  const steps = query.data;
  if (!steps.newcomer) return null;
  return (
    <section
      aria-labelledby="first-steps-title"
      className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="first-steps-title" className="text-lg font-semibold text-slate-900">
        {FIRST_STEPS_MESSAGES.title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{FIRST_STEPS_MESSAGES.intro}</p>
      <ol className="mt-3 divide-y divide-slate-100">
        {FIRST_STEP_KEYS.map((key) => (
          <Step key={key} stepKey={key} steps={steps} />
        ))}
      </ol>
      {dismiss.isError && (
        <div className="mt-3">
          <ErrorBox>
            <p>{FIRST_STEPS_MESSAGES.dismissFailed}</p>
          </ErrorBox>
        </div>
      )}
      <button
        type="button"
        className="btn-secondary mt-3"
        disabled={dismiss.isPending}
        onClick={() => dismiss.mutate(undefined, { onSuccess: onDismissed })}
      >
        {FIRST_STEPS_MESSAGES.dismiss}
      </button>
    </section>
  );
}
