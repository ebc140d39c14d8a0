import { Bone, LoadingSkeletons, SkeletonCard } from '../../../components/skeleton';

/** Post cards on their way: byline, title, two lines of text and the action row. */
export function PostCardSkeletons({ label }: { label?: string }) {
  return (
    <LoadingSkeletons {...(label && { label })} className="space-y-6">
      {(index) => (
        <SkeletonCard key={index}>
          <div className="flex items-center gap-3">
            <Bone className="size-10 rounded-full" />
            <div className="space-y-2">
              <Bone className="h-3.5 w-32" />
              <Bone className="h-3 w-20" />
            </div>
          </div>
          <Bone className="mt-4 h-5 w-2/3" />
          <Bone className="mt-3 h-3.5 w-full" />
          <Bone className="mt-2 h-3.5 w-5/6" />
          <div className="mt-4 flex gap-4">
            <Bone className="h-5 w-16" />
            <Bone className="h-5 w-24" />
          </div>
        </SkeletonCard>
      )}
    </LoadingSkeletons>
  );
}
