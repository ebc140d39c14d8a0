import { Component, type ReactNode, useLayoutEffect } from 'react';
import { dropEarlySignIn } from '../lib/auth/early-sign-in';

/** A routing error shows 'Unexpected Application Error!' (React logs the error itself). */
export function RouteError() {
  // The sign-in form index.html may have shown stands for a page that failed: this message replaces it.
  useLayoutEffect(dropEarlySignIn, []);
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-2xl font-semibold text-slate-900">Unexpected Application Error!</h1>
      {/* A full page load, since the router itself may be what failed. */}
      <a href="/" className="text-link">
        Go back home
      </a>
    </main>
  );
}

/** Shows RouteError instead of the app when rendering it fails, a page's code failing to load included. */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
