import { Spinner } from '@web/components/ui/spinner';

/**
 * Shown while a lazy screen's code loads (docs/product/routes-and-screens.md#application-shell: a spinner with
 * 'Loading...').
 */
export function RouteFallback() {
  return <Spinner label="Loading..." className="min-h-[50vh] py-16" />;
}
