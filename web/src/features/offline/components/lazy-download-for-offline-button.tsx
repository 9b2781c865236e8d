/**
 * DownloadForOfflineButton loaded on demand: the offline engine (licences, storage, crypto) stays out
 * of the chunks of pages most visitors see (the book page) and loads only for readers it is shown to.
 */
import { lazy, Suspense } from 'react';
import type { DownloadForOfflineButtonProps } from './download-for-offline-button';

const DownloadForOfflineButton = lazy(() =>
  import('./download-for-offline-button').then((module) => ({ default: module.DownloadForOfflineButton })),
);

export function LazyDownloadForOfflineButton(props: DownloadForOfflineButtonProps) {
  return (
    <Suspense fallback={null}>
      <DownloadForOfflineButton {...props} />
    </Suspense>
  );
}

const RegisterDeviceNotice = lazy(() =>
  import('./download-for-offline-button').then((module) => ({ default: module.RegisterDeviceNotice })),
);

export function LazyRegisterDeviceNotice(props: { className?: string }) {
  return (
    <Suspense fallback={null}>
      <RegisterDeviceNotice {...props} />
    </Suspense>
  );
}
