import { type ComponentProps, lazy, Suspense } from 'react';

const Checklist = lazy(() =>
  import('./first-steps-checklist').then((module) => ({ default: module.FirstStepsChecklist })),
);

/**
 * The checklist, loaded only for a likely newcomer: most people never see it, and the home page's first
 * paint is close to its budget (docs/testing.md, "Budgets"). Its own loading line shows once it is here.
 */
export function FirstSteps(props: ComponentProps<typeof Checklist>) {
  return (
    <Suspense fallback={null}>
      <Checklist {...props} />
    </Suspense>
  );
}
