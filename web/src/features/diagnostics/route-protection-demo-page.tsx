/**
 * /route-protection-demo (diagnostics, no guard: docs/product/decisions.md#5): the route guard's three checks
 * (docs/product/access.md#route-guard) walked through for the current user and a route they choose: signed in, then
 * subscription, then role, with what each found and what the guard does in the end (its toast and redirect).
 */
import { CheckCircle2, CircleSlash, XCircle } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Skeleton } from '@web/components/ui/skeleton';
import { cn } from '@web/lib/cn';
import { useDocumentTitle } from '@web/lib/use-document-title';
import {
  ACCESS_LABELS,
  explainRoute,
  type TDecideAccess,
  type TRouteEntry,
  type TStepState,
} from './guard-walkthrough';
import { useGuardViewer } from './use-viewer';

const STEP_ICON = { pass: CheckCircle2, fail: XCircle, skip: CircleSlash } as const;
const STEP_TEXT: Record<TStepState, string> = { pass: 'Passed', fail: 'Failed', skip: 'Skipped' };
const STEP_STYLE: Record<TStepState, string> = {
  pass: 'border-emerald-700/30 bg-emerald-50 text-emerald-900',
  fail: 'border-destructive/40 bg-destructive/10 text-destructive',
  skip: 'border-border bg-muted text-muted-foreground',
};

/** The reader: the one kind of route where all three checks can run. */
const DEFAULT_PATH = '/reader/:bookId';

export default function RouteProtectionDemoPage({
  routeTable,
  decide,
}: {
  routeTable: () => TRouteEntry[];
  decide: TDecideAccess;
}) {
  useDocumentTitle('Route Protection Demo');
  const viewer = useGuardViewer();
  const routes = useMemo(() => {
    const seen = new Set<string>();
    // Parameterised paths too: the guard decides by the route's rule, not by the book or user in the path.
    return routeTable().filter((route) => !seen.has(route.path) && seen.add(route.path));
  }, [routeTable]);
  const [path, setPath] = useState(DEFAULT_PATH);
  const route = routes.find((candidate) => candidate.path === path) ?? routes[0];
  const explanation = route ? explainRoute(route, viewer.user, decide, new Date(), viewer.serverAccess) : null;
  return (
    <section className="mx-auto w-full max-w-3xl px-4 pb-16 pt-8" aria-labelledby="route-demo-title">
      <h1 id="route-demo-title" className="font-serif text-3xl font-bold tracking-tight">
        Route Protection Demo
      </h1>
      <p className="mb-6 mt-1 text-sm text-muted-foreground">
        Every guarded route runs three checks in order: are you signed in, do you have a subscription or trial (only for
        reading routes), and does your role allow it. The first that fails decides where you are sent. The server checks
        the same on every request.
      </p>
      {viewer.isLoading || !route || !explanation ? (
        <Skeleton className="h-72 w-full" />
      ) : (
        <>
          <div className="mb-4 flex flex-col gap-1.5">
            <label htmlFor="demo-route" className="text-sm font-medium">
              Route to try
            </label>
            <select
              id="demo-route"
              className="h-10 rounded-md border border-input bg-background px-2 text-sm"
              value={route.path}
              onChange={(event) => setPath(event.target.value)}
            >
              {routes.map((candidate) => (
                <option key={candidate.path} value={candidate.path}>
                  {candidate.path} ({ACCESS_LABELS[candidate.access]})
                </option>
              ))}
            </select>
          </div>
          <p className="mb-4 text-sm">
            {viewer.user
              ? `You: ${viewer.user.email}, role ${viewer.user.role ?? 'user'}, plan ${viewer.user.subscriptionTier}.`
              : 'You: not signed in.'}
          </p>
          <ol className="flex flex-col gap-3" aria-label="The three checks">
            {explanation.steps.map((step, index) => {
              const Icon = STEP_ICON[step.state];
              return (
                <li
                  key={step.name}
                  className={cn('flex items-start gap-3 rounded-lg border p-3', STEP_STYLE[step.state])}
                >
                  <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
                  <div>
                    <p className="font-semibold">
                      {index + 1}. {step.name}: {STEP_TEXT[step.state]}
                    </p>
                    <p className="text-sm">{step.detail}</p>
                  </div>
                </li>
              );
            })}
          </ol>
          <div
            className={cn('mt-4 rounded-lg border p-4', explanation.allowed ? STEP_STYLE.pass : STEP_STYLE.fail)}
            role="status"
          >
            <p className="font-semibold">
              {explanation.allowed ? `${route.path} opens for you.` : `The guard stops you: ${explanation.outcome}`}
            </p>
            {explanation.redirectTo && <p className="text-sm">It sends you to {explanation.redirectTo}.</p>}
          </div>
          <p className="mt-4 text-sm">
            <Link className="underline underline-offset-2" to="/testing-qa">
              See every route at once
            </Link>
          </p>
        </>
      )}
    </section>
  );
}
