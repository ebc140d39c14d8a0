import { Bone, LoadingSkeletons, SkeletonCard } from '../../../components/skeleton';

/** Plan cards on their way, two abreast from the width where the cards are. */
export function PlanCardSkeletons({ label }: { label?: string }) {
  return (
    <LoadingSkeletons count={4} {...(label && { label })} className="grid gap-4 md:grid-cols-2">
      {(index) => (
        <SkeletonCard key={index}>
          <div className="flex justify-between gap-3">
            <Bone className="h-3.5 w-28" />
            <Bone className="h-5 w-20 rounded-full" />
          </div>
          <Bone className="mt-4 h-5 w-3/4" />
          <Bone className="mt-3 h-3.5 w-full" />
          <Bone className="mt-4 h-3 w-24" />
          <Bone className="mt-5 h-4 w-28" />
        </SkeletonCard>
      )}
    </LoadingSkeletons>
  );
}
