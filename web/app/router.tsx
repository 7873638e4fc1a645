import { type ComponentType, lazy, Suspense } from 'react';
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
import { memberHint } from '../features/accounts/api/session.ts';
import { RequireViewer } from '../features/accounts/components/guard.tsx';
import { RequireCan } from '../features/accounts/components/require-can.tsx';
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

// The signed-in layout (navigation, live updates, push, tours) loads after sign-in, so the
// login screen does not carry it (scripts/size-budget.ts). A member coming back fetches it at
// once, alongside asking who they are, instead of after the answer.
const loadAppLayout = () => import('./layout/app-layout.tsx');
if (memberHint.isSet()) void loadAppLayout().catch(() => undefined);
const AppLayout = lazy(() => loadAppLayout().then((module) => ({ default: module.AppLayout })));

/**
 * Overlays that belong to the shell and stay above every screen. A new screen opens at its top;
 * going back returns to where the person was on the screen before (the feed, a list).
 */
function Shell() {
  return (
    <>
      <ScrollRestoration />
      <TopLoadingBar />
      <Outlet />
      <ToastViewport />
      <OfflineNotice />
    </>
  );
}

/** What shows while the first screen's code loads: the academy's mark on a calm page. */
function Splash() {
  return (
    <div className="grid min-h-dvh place-items-center bg-stone-50" aria-busy="true">
      <img
        src="/icons/icon-192.png"
        alt=""
        width={64}
        height={64}
        className="size-16 rounded-2xl opacity-90"
      />
    </div>
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
      { path: 'onboarding', lazy: screen(() => import('./routes/onboarding.tsx')) },
      { path: 'finishLogin', lazy: screen(() => import('./routes/finish-login.tsx')) },
      { path: 'guest', lazy: screen(() => import('./routes/guest.tsx')) },
      { path: 'classroom', element: <Navigate to="/courses" replace /> },
      {
        path: '/',
        element: (
          <RequireViewer splash={<Splash />}>
            <Suspense fallback={<Splash />}>
              <AppLayout />
            </Suspense>
          </RequireViewer>
        ),
        children: [
          { index: true, element: <Navigate to="/activity" replace /> },
          { path: 'activity', lazy: screen(() => import('./routes/activity.tsx')) },
          { path: 'courses', lazy: screen(() => import('./routes/courses.tsx')) },
          { path: 'courses/:courseId', lazy: screen(() => import('./routes/course-detail.tsx')) },
          { path: 'students', lazy: screen(() => import('./routes/students.tsx')) },
          { path: 'students/:id', lazy: screen(() => import('./routes/student-detail.tsx')) },
          {
            element: <RequireCan ability="seeInstructors" />,
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
            element: <RequireCan ability="manageUsers" />,
            children: [
              {
                path: 'user-management',
                lazy: screen(() => import('./routes/user-management.tsx')),
              },
              { path: 'admin-tools', lazy: screen(() => import('./routes/admin-tools.tsx')) },
              { path: 'dashboard', lazy: screen(() => import('./routes/dashboard.tsx')) },
            ],
          },
          { path: 'privacy', lazy: screen(() => import('./routes/privacy.tsx')) },
          { path: '*', lazy: screen(() => import('./routes/not-found.tsx')) },
        ],
      },
    ],
  },
]);
