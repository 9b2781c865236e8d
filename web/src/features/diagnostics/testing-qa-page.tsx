/**
 * /testing-qa (diagnostics, no guard: docs/product/decisions.md#5): the route guard matrix for the current user, from
 * the real route table. Each route shows its access rule and what the guard would do for this viewer, with the check
 * that decided it. It shows nothing but the public route table and the viewer's own role and plan.
 */
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { StaticTable, type TStaticTableColumn } from '@web/components/data-table/static-table';
import { Skeleton } from '@web/components/ui/skeleton';
import { cn } from '@web/lib/cn';
import { useDocumentTitle } from '@web/lib/use-document-title';
import {
  ACCESS_LABELS,
  explainRoute,
  isConcretePath,
  type TDecideAccess,
  type TGuardExplanation,
  type TRouteEntry,
} from './guard-walkthrough';
import { useGuardViewer } from './use-viewer';

interface TMatrixRow extends TRouteEntry {
  explanation: TGuardExplanation;
}

const COLUMNS: TStaticTableColumn<TMatrixRow>[] = [
  {
    id: 'path',
    header: 'Route',
    cell: ({ row }) =>
      isConcretePath(row.original.path) ? (
        <Link className="font-mono text-xs underline underline-offset-2" to={row.original.path}>
          {row.original.path}
        </Link>
      ) : (
        <span className="font-mono text-xs">{row.original.path}</span>
      ),
  },
  { id: 'access', header: 'Rule', cell: ({ row }) => ACCESS_LABELS[row.original.access] },
  {
    id: 'outcome',
    header: 'For you',
    cell: ({ row }) => (
      <span
        className={cn(
          'inline-block rounded-full border px-2 py-0.5 text-xs font-semibold',
          row.original.explanation.allowed
            ? 'border-emerald-700/30 bg-emerald-50 text-emerald-900'
            : 'border-destructive/40 bg-destructive/10 text-destructive',
        )}
      >
        {row.original.explanation.allowed
          ? 'Opens'
          : `Redirects to ${row.original.explanation.redirectTo?.split('?')[0]}`}
      </span>
    ),
  },
  {
    id: 'why',
    header: 'Why',
    cell: ({ row }) => {
      const { explanation } = row.original;
      const decisive = explanation.steps.find((step) => step.state === 'fail');
      return (
        <span className="text-xs">
          {decisive
            ? `${decisive.name} check: ${decisive.detail}`
            : explanation.steps.every((step) => step.state === 'skip')
              ? explanation.steps[0].detail
              : explanation.steps
                  .filter((step) => step.state === 'pass')
                  .map((step) => step.detail)
                  .join(' ')}
        </span>
      );
    },
  },
];

const FILTERS = ['all', 'opens', 'redirects'] as const;

export default function TestingQaPage({
  routeTable,
  decide,
}: {
  routeTable: () => TRouteEntry[];
  decide: TDecideAccess;
}) {
  useDocumentTitle('Testing & QA');
  const viewer = useGuardViewer();
  const [filter, setFilter] = useState<(typeof FILTERS)[number]>('all');
  const rows = useMemo(() => {
    const now = new Date();
    const seen = new Set<string>();
    return routeTable()
      .filter((route) => !seen.has(route.path) && seen.add(route.path))
      .map((route) => ({ ...route, explanation: explainRoute(route, viewer.user, decide, now, viewer.serverAccess) }));
  }, [routeTable, decide, viewer.user, viewer.serverAccess]);
  const shown = rows.filter((row) =>
    filter === 'all' ? true : filter === 'opens' ? row.explanation.allowed : !row.explanation.allowed,
  );
  const opens = rows.filter((row) => row.explanation.allowed).length;
  return (
    <section className="mx-auto w-full max-w-6xl px-4 pb-16 pt-8" aria-labelledby="testing-qa-title">
      <h1 id="testing-qa-title" className="font-serif text-3xl font-bold tracking-tight">
        Testing &amp; QA
      </h1>
      <p className="mb-4 mt-1 text-sm text-muted-foreground">
        The route guard matrix for you, worked out from the app's own route table with the guard's own rules. The server
        enforces the same rules on every request; this page only shows what the browser would do.
      </p>
      {viewer.isLoading ? (
        <Skeleton className="h-96 w-full" />
      ) : (
        <>
          <p className="mb-3 text-sm" role="status">
            {viewer.user
              ? `Signed in as ${viewer.user.email} (${viewer.user.role ?? 'user'}, ${viewer.user.subscriptionTier}).`
              : 'You are not signed in.'}{' '}
            {opens} of {rows.length} routes open for you.
          </p>
          <fieldset className="mb-3 flex flex-wrap gap-3 text-sm">
            <legend className="sr-only">Show</legend>
            {FILTERS.map((value) => (
              <label key={value} className="flex items-center gap-1.5">
                <input
                  type="radio"
                  name="matrix-filter"
                  className="accent-primary"
                  checked={filter === value}
                  onChange={() => setFilter(value)}
                />
                {value === 'all' ? 'Every route' : value === 'opens' ? 'Routes that open' : 'Routes that redirect'}
              </label>
            ))}
          </fieldset>
          <StaticTable label="Route guard matrix" columns={COLUMNS} rows={shown} getRowId={(row) => row.path} />
          <p className="mt-4 text-sm">
            <Link className="underline underline-offset-2" to="/route-protection-demo">
              Walk through the three checks for one route
            </Link>
          </p>
        </>
      )}
    </section>
  );
}
