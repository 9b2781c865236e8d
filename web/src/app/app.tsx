import { lazy, Suspense } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { ErrorBoundary } from './error-boundary';

type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The toaster (Radix Toast and its layers) is not needed to paint the first screen, so it arrives in
 * its own chunk right after. Nothing is lost meanwhile: the current toast lives in lib/toast.ts and
 * shows as soon as the toaster mounts.
 */
const Toaster = lazy(() => import('@web/components/ui/toaster').then((module) => ({ default: module.Toaster })));

/** Providers around the router. The toaster sits outside the routes so toasts survive any screen. */
export function App({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
