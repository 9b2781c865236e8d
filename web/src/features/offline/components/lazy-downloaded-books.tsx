/** DownloadedBooks loaded on demand: only a screen that has lost its connection shows it. */
import { lazy, Suspense } from 'react';

const DownloadedBooks = lazy(() =>
  import('./downloaded-books').then((module) => ({ default: module.DownloadedBooks })),
);

export function LazyDownloadedBooks({ className }: { className?: string }) {
  return (
    <Suspense fallback={null}>
      <DownloadedBooks className={className} />
    </Suspense>
  );
}
