import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { Loading } from '../components/loading';
import { AppRoot } from './app-root';
import { RequireUser, RequireVisitor } from './guards';
import { RouteError } from './route-error';

const lazyComponent = (load: () => Promise<ComponentType>): RouteObject['lazy'] => ({ Component: load });

/**
 * Every route of spec §2 that exists so far; a path not listed falls to the 404 page. Pages are
 * lazy-loaded so each one only costs the JavaScript it needs. Public pages that neither guard
 * applies to (such as /oauth2/redirect) go directly under the root.
 *
 * A function, because a router resolves the `lazy` entries in place: each router needs its own objects.
 */
export const createRoutes = (): RouteObject[] => [
  {
    Component: AppRoot,
    ErrorBoundary: RouteError,
    HydrateFallback: Loading,
    children: [
      {
        Component: RequireVisitor,
        children: [
          {
            path: '/login',
            lazy: lazyComponent(() => import('../features/auth/pages/auth-page').then((m) => m.LoginPage)),
          },
          {
            path: '/signup',
            lazy: lazyComponent(() => import('../features/auth/pages/auth-page').then((m) => m.SignupPage)),
          },
        ],
      },
      {
        Component: RequireUser,
        children: [
          {
            lazy: lazyComponent(() => import('./layout/app-layout').then((m) => m.AppLayout)),
            children: [
              { path: '/', lazy: lazyComponent(() => import('./routes/home-page').then((m) => m.HomePage)) },
              {
                path: '*',
                lazy: lazyComponent(() => import('./routes/not-found-page').then((m) => m.NotFoundPage)),
              },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(createRoutes());
}
