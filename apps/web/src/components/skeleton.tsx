import type { ReactNode } from 'react';
import { Loading } from './loading';

/** A grey block standing where text or media will be; hidden from assistive technology. */
export function Bone({ className }: { className: string }) {
  return (
    <div aria-hidden="true" className={`motion-safe:animate-pulse rounded-md bg-slate-200 ${className}`} />
  );
}

/** A card's frame, the same as the cards it stands for, holding bones. */
export function SkeletonCard({ children }: { children: ReactNode }) {
  return (
    <div aria-hidden="true" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      {children}
    </div>
  );
}

/**
 * A list on its way: 'Loading...' said once (and announced), over `count` placeholders in
 * the shape of the items coming, so nothing jumps when they arrive.
 */
export function LoadingSkeletons({
  count = 3,
  label,
  className = 'space-y-4',
  children,
}: {
  count?: number;
  label?: string;
  className?: string;
  children: (index: number) => ReactNode;
}) {
  return (
    <div>
      <Loading compact {...(label && { label })} />
      <div className={className}>{Array.from({ length: count }, (_, index) => children(index))}</div>
    </div>
  );
}
