import { Loading } from '../components/loading';
import { Bone } from '../components/skeleton';

/**
 * The frame of the signed-in pages, drawn at once while the session or the page's code is on its
 * way: the same bar and column as AppLayout, so the real page replaces it without a jump.
 */
export function ShellPlaceholder() {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 md:gap-6">
          <span className="flex items-center gap-2 text-lg font-bold tracking-tight text-indigo-700">
            <img src="/favicon.svg" alt="" className="size-7" />
            Pathwise
          </span>
          <Bone className="ml-auto size-9 rounded-full" />
        </div>
      </header>
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
        <Loading />
      </main>
    </div>
  );
}
