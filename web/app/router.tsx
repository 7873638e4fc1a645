import type { ComponentType } from 'react';
import {
  createHashRouter,
  type LoaderFunction,
  Navigate,
  Outlet,
  ScrollRestoration,
} from 'react-router';
import { OfflineNotice } from '../components/overlays/offline-notice.tsx';
import { ToastViewport } from '../components/overlays/toast.tsx';
import { TopLoadingBar } from '../components/overlays/top-loading-bar.tsx';
import { Splash } from '../components/ui/splash.tsx';
import { memberHint } from '../features/accounts/api/session.ts';
import type { Ability } from '../features/accounts/components/require-can.tsx';
import { RouteErrorScreen } from './routes/route-error.tsx';

/**
 * A lazily loaded screen: its code is fetched the first time the route is visited, with its
 * loader when it has one.
 */
function screen(load: () => Promise<{ default: ComponentType; loader?: LoaderFunction }>) {
  return async () => {
    const module = await load();
    return { Component: module.default, ...(module.loader ? { loader: module.loader } : {}) };
  };
}

// The query cache and the signed-in app (guard, navigation, live updates, push, tours) load
// with the routes that need them, so the login screen does not carry them
// (scripts/size-budget.ts). A member coming back fetches them at once, alongside the entry.
const loadWithQueries = () => import('./layout/with-queries.tsx');
const loadSignedInApp = () => import('./layout/signed-in-app.tsx');
if (memberHint.isSet()) {
  void loadWithQueries().catch(() => undefined);
  void loadSignedInApp().catch(() => undefined);
}

/** Screens under it only for people the server says may use them (require-can.tsx). */
const requireCan = (ability: Ability) => async () => {
  const { RequireCan } = await import('../features/accounts/components/require-can.tsx');
  return { element: <RequireCan ability={ability} /> };
};

/**
 * Overlays that belong to the shell and stay above every screen. A new screen opens at its top;
 * going back returns to where the person was on the screen before (the feed, a list).
 */
function Shell() {
  return (
    <>
      <ScrollRestoration />
      <TopLoadingBar />
      <OfflineNotice />
      <Outlet />
      <ToastViewport />
    </>
  );
}

/** Every route of the spec (section 2), hash based. */
export const router = createHashRouter([
  {
    element: <Shell />,
    errorElement: <RouteErrorScreen />,
    hydrateFallbackElement: <Splash />,
    children: [
      { path: 'login', lazy: screen(() => import('./routes/login.tsx')) },
      { path: 'classroom', element: <Navigate to="/courses" replace /> },
      {
        lazy: async () => ({ Component: (await loadWithQueries()).WithQueries }),
        children: [
          { path: 'onboarding', lazy: screen(() => import('./routes/onboarding.tsx')) },
          { path: 'finishLogin', lazy: screen(() => import('./routes/finish-login.tsx')) },
          { path: 'guest', lazy: screen(() => import('./routes/guest.tsx')) },
          { path: 'showcase', lazy: screen(() => import('./routes/showcase.tsx')) },
          {
            path: '/',
            lazy: async () => {
              const { SignedInApp, loader } = await loadSignedInApp();
              return { Component: SignedInApp, loader };
            },
            children: [
              { index: true, element: <Navigate to="/activity" replace /> },
              { path: 'activity', lazy: screen(() => import('./routes/activity.tsx')) },
              { path: 'courses', lazy: screen(() => import('./routes/courses.tsx')) },
              {
                path: 'courses/:courseId',
                lazy: screen(() => import('./routes/course-detail.tsx')),
              },
              { path: 'students', lazy: screen(() => import('./routes/students.tsx')) },
              { path: 'students/:id', lazy: screen(() => import('./routes/student-detail.tsx')) },
              {
                lazy: requireCan('seeInstructors'),
                children: [
                  { path: 'instructors', lazy: screen(() => import('./routes/instructors.tsx')) },
                  {
                    path: 'instructors/:id',
                    lazy: screen(() => import('./routes/instructor-detail.tsx')),
                  },
                ],
              },
              { path: 'notifications', lazy: screen(() => import('./routes/notifications.tsx')) },
              { path: 'profile', lazy: screen(() => import('./routes/profile.tsx')) },
              { path: 'posts/:postId', lazy: screen(() => import('./routes/post.tsx')) },
              {
                lazy: requireCan('manageUsers'),
                children: [
                  {
                    path: 'user-management',
                    lazy: screen(() => import('./routes/user-management.tsx')),
                  },
                  { path: 'admin-tools', lazy: screen(() => import('./routes/admin-tools.tsx')) },
                  {
                    path: 'student-import',
                    lazy: screen(() => import('./routes/student-import.tsx')),
                  },
                  { path: 'dashboard', lazy: screen(() => import('./routes/dashboard.tsx')) },
                ],
              },
              { path: 'privacy', lazy: screen(() => import('./routes/privacy.tsx')) },
              { path: '*', lazy: screen(() => import('./routes/not-found.tsx')) },
            ],
          },
        ],
      },
    ],
  },
]);
