import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { isSignedIn } from '../core/auth/auth-store';
import { loginUrl, redirectTarget } from '../core/auth/redirect';
import { MENU, routedLeaves } from './menu';
import { PageLoading } from './page-loading';
import { RouteErrorPage } from './route-error-page';

/** Spec §2: a visitor without a login token is sent to /login?redirect={current url}. */
function requireSignIn({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  if (isSignedIn(url.search)) return null;
  throw redirect(loginUrl(redirectTarget(url.pathname, url.search)));
}

/** Spec §2: a signed-in visitor on /login goes to /. */
function redirectIfSignedIn({ request }: LoaderFunctionArgs) {
  if (isSignedIn(new URL(request.url).search)) throw redirect('/');
  return null;
}

/** Admin screens: one route per menu leaf that has a page (exact, case-sensitive paths). */
function adminRoutes(): RouteObject[] {
  return routedLeaves(MENU).map((leaf) => ({
    path: leaf.path.replace(/^\//, ''),
    caseSensitive: true,
    // Spec §6: per-route roles are declared; the server enforces them.
    handle: { authority: leaf.authority ?? null, menuKey: leaf.key },
    lazy: { Component: leaf.page },
  }));
}

export function buildRoutes(): RouteObject[] {
  return [
    {
      path: '/login',
      caseSensitive: true,
      loader: redirectIfSignedIn,
      HydrateFallback: PageLoading,
      ErrorBoundary: RouteErrorPage,
      lazy: { Component: () => import('../modules/auth/login-page').then((m) => m.LoginPage) },
    },
    {
      path: '/logout',
      caseSensitive: true,
      HydrateFallback: PageLoading,
      ErrorBoundary: RouteErrorPage,
      lazy: { Component: () => import('../modules/auth/logout-page').then((m) => m.LogoutPage) },
    },
    {
      // The admin shell takes every other path (spec §2).
      path: '/',
      loader: requireSignIn,
      HydrateFallback: PageLoading,
      ErrorBoundary: RouteErrorPage,
      lazy: { Component: () => import('./shell/admin-shell').then((m) => m.AdminShell) },
      children: [
        { index: true, loader: () => redirect('/admin') },
        ...adminRoutes(),
        { path: '*', caseSensitive: true, lazy: { Component: () => import('./not-found-page').then((m) => m.NotFoundPage) } },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes());
}
