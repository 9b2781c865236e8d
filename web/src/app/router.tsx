/**
 * The route table of SPEC §2. Every screen is its own lazy chunk so the first load carries only the
 * shell. Storefront screens live in features/ (default exports); areas built in later issues are
 * listed in planned-areas.ts and share the planned-area page until their screen lands.
 * Guards arrive with the auth issue: wrap `element` by the area's `access` where the routes are made.
 */
import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { ErrorScreen } from './error-screen';
import { RootLayout } from './layout';
import { PLANNED_AREAS } from './planned-areas';

const HomePage = lazy(() => import('@web/features/home/home-page'));
const BookstorePage = lazy(() => import('@web/features/catalogue/bookstore-page'));
const BookDetailPage = lazy(() => import('@web/features/catalogue/book-detail-page'));
const SubscribePage = lazy(() => import('@web/features/subscribe/subscribe-page'));
const PlannedAreaPage = lazy(() => import('./planned-area-page'));
const NotFoundPage = lazy(() => import('./not-found-page'));

/** SPEC §2: three paths show the same book-detail screen. */
export const BOOK_DETAIL_PATHS = ['/book/:id', '/books/:id', '/book-detail/:id'] as const;

export function createAppRoutes(): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      // Errors in the shell itself (header, layout); screen errors stop at the layout's boundary.
      errorElement: <ErrorScreen />,
      children: [
        { index: true, element: <HomePage /> },
        { path: '/bookstore', element: <BookstorePage /> },
        ...BOOK_DETAIL_PATHS.map((path) => ({ path, element: <BookDetailPage /> })),
        { path: '/subscribe', element: <SubscribePage /> },
        ...PLANNED_AREAS.map((area) => ({ path: area.path, element: <PlannedAreaPage title={area.title} /> })),
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(createAppRoutes());
}
