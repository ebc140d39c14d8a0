import type { ReactNode } from 'react';

/** The signed-out screens (sign-in, sign-up, social sign-in callback): the brand above a centred card. */
export function AuthScreen({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-gradient-to-b from-indigo-50 to-slate-50 px-4 py-12">
      <p className="mb-6 flex items-center gap-2 text-2xl font-bold tracking-tight text-indigo-700">
        <img src="/favicon.svg" alt="" className="size-9" />
        Pathwise
      </p>
      <div className="w-full max-w-md rounded-2xl bg-white p-6 shadow-lg ring-1 ring-slate-900/5 sm:p-8">
        {children}
      </div>
    </main>
  );
}
