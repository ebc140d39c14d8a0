import { Outlet } from 'react-router';
import { useViewer } from '../../lib/auth/auth-context';
import { SignedInProviders } from '../providers';
import { Footer } from './footer';
import { TopBar, VisitorTopBar } from './top-bar';
import { VisitorGate } from './visitor-frame';

/**
 * Every protected page sits in this frame; so do the pages a visitor may read on an instance that
 * allows it (PUBLIC_READING), where the top bar offers "Sign in" and "Join" and every action asks
 * to sign in first.
 */
export function AppLayout() {
  const visitor = useViewer() === null;
  const frame = (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main-content"
        className="sr-only rounded-lg bg-white px-4 py-2 font-semibold text-indigo-700 shadow focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50"
      >
        Skip to content
      </a>
      {visitor ? <VisitorTopBar /> : <TopBar />}
      <main id="main-content" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
  return <SignedInProviders>{visitor ? <VisitorGate>{frame}</VisitorGate> : frame}</SignedInProviders>;
}
