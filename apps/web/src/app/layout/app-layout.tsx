import { Outlet } from 'react-router';
import { SignedInProviders } from '../providers';
import { Footer } from './footer';
import { TopBar } from './top-bar';

/** Every protected page sits in this frame. */
export function AppLayout() {
  return (
    <SignedInProviders>
      <div className="flex min-h-dvh flex-col">
        <a
          href="#main-content"
          className="sr-only rounded-lg bg-white px-4 py-2 font-semibold text-indigo-700 shadow focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50"
        >
          Skip to content
        </a>
        <TopBar />
        <main id="main-content" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
          <Outlet />
        </main>
        <Footer />
      </div>
    </SignedInProviders>
  );
}
