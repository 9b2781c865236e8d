import { Spinner } from '@web/components/ui/spinner';

/**
 * Shown while a lazy screen's code loads (docs/product/routes-and-screens.md#application-shell: a spinner with
 * 'Loading...'). It fills the screen so the footer starts below it: a shorter placeholder would show the
 * footer first and then push it away when the screen arrives (a layout shift on every first load).
 */
export function RouteFallback() {
  return <Spinner label="Loading..." className="min-h-dvh py-16" />;
}
