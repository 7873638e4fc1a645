import { createContext, useContext } from 'react';
import { RouterProvider } from 'react-router';

type AppRouter = Parameters<typeof RouterProvider>[0]['router'];

const RouterNow = createContext<AppRouter | null>(null);

/**
 * React Router's provider, also handing its router to the app's own hooks: what has rendered
 * lags behind the router (it hands changes to React as transitions), and a write must be judged
 * by where the router is now, which `router.state` tells (use-screen-params.ts).
 */
export function AppRouterProvider({ router }: { router: AppRouter }) {
  return (
    <RouterNow.Provider value={router}>
      <RouterProvider router={router} />
    </RouterNow.Provider>
  );
}

/** The router the app runs in (AppRouterProvider), to read its state at the moment of a write. */
export function useRouterNow(): AppRouter {
  const router = useContext(RouterNow);
  if (!router) throw new Error('useRouterNow needs AppRouterProvider');
  return router;
}
