import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { Toaster } from '@web/components/ui/toaster';
import { ErrorBoundary } from './error-boundary';

type AppRouter = ReturnType<typeof createBrowserRouter>;

/** Providers around the router. The toaster sits outside the routes so toasts survive any screen. */
export function App({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Toaster />
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
