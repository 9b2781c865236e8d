/**
 * /accessibility-test (diagnostics, no guard: docs/product/decisions.md#5): runs axe-core in the browser on a page of the
 * app the viewer chooses, shown in a same-origin frame, and lists the findings by impact. axe-core is fetched only when a
 * check runs (a static file, never part of another screen's code) and runs inside the frame, against the page exactly
 * as this viewer sees it; nothing is sent anywhere.
 */
import axeScriptUrl from 'axe-core/axe.min.js?url';
import { Play } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { ACCESS_LABELS, isConcretePath, type TRouteEntry } from './guard-walkthrough';

interface TAxeNode {
  target: string[];
  failureSummary?: string;
}

interface TAxeFinding {
  id: string;
  impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  help: string;
  helpUrl: string;
  nodes: TAxeNode[];
}

interface TAxeWindow extends Window {
  axe?: { run: (context: Document, options: object) => Promise<{ violations: TAxeFinding[]; passes: unknown[] }> };
}

type TRunState =
  | { kind: 'idle' }
  | { kind: 'running'; step: string }
  | { kind: 'done'; path: string; findings: TAxeFinding[]; passes: number }
  | { kind: 'failed'; message: string };

const IMPACT_ORDER = ['critical', 'serious', 'moderate', 'minor'] as const;
const IMPACT_STYLE: Record<string, string> = {
  critical: 'border-destructive bg-destructive/10 text-destructive',
  serious: 'border-destructive/50 bg-destructive/5 text-destructive',
  moderate: 'border-amber-700/40 bg-amber-50 text-amber-900',
  minor: 'border-border bg-muted text-foreground',
};

/** The page has drawn when its main heading is there and no route is still loading; at most 15 s. */
async function waitForPage(frame: HTMLIFrameElement): Promise<Document> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const doc = frame.contentDocument;
    const ready =
      doc?.readyState === 'complete' &&
      doc.querySelector('main h1, h1') !== null &&
      doc.querySelector('[aria-busy="true"]') === null;
    if (doc && (ready || Date.now() > deadline)) return doc;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function loadAxeInto(doc: Document): Promise<void> {
  const win = doc.defaultView as TAxeWindow | null;
  if (win?.axe) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = axeScriptUrl;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error('axe-core could not be loaded.'));
    doc.head.append(script);
  });
}

export default function AccessibilityTestPage({ routeTable }: { routeTable: () => TRouteEntry[] }) {
  useDocumentTitle('Accessibility Test');
  const routes = useMemo(() => {
    const seen = new Set<string>();
    return routeTable().filter(
      (route) =>
        isConcretePath(route.path) &&
        route.path !== '/accessibility-test' &&
        !seen.has(route.path) &&
        seen.add(route.path),
    );
  }, [routeTable]);
  const [path, setPath] = useState('/');
  const [frameSrc, setFrameSrc] = useState<string | null>(null);
  const [state, setState] = useState<TRunState>({ kind: 'idle' });
  const frameRef = useRef<HTMLIFrameElement>(null);
  const loaded = useRef<(() => void) | null>(null);

  async function run() {
    setState({ kind: 'running', step: `Opening ${path}...` });
    try {
      const frameLoaded = new Promise<void>((resolve) => {
        loaded.current = resolve;
      });
      // A fresh query string makes the frame load again even for the same page.
      setFrameSrc(`${path}${path.includes('?') ? '&' : '?'}a11y-check=${Date.now()}`);
      await frameLoaded;
      const frame = frameRef.current;
      if (!frame) throw new Error('The page could not be opened.');
      setState({ kind: 'running', step: 'Waiting for the page to draw...' });
      const doc = await waitForPage(frame);
      setState({ kind: 'running', step: 'Running axe-core...' });
      await loadAxeInto(doc);
      const axe = (doc.defaultView as TAxeWindow | null)?.axe;
      if (!axe) throw new Error('axe-core did not start in the page.');
      const result = await axe.run(doc, { resultTypes: ['violations'] });
      const findings = [...result.violations].sort(
        (a, b) => IMPACT_ORDER.indexOf(a.impact ?? 'minor') - IMPACT_ORDER.indexOf(b.impact ?? 'minor'),
      );
      setState({ kind: 'done', path, findings, passes: result.passes.length });
    } catch (error) {
      setState({ kind: 'failed', message: error instanceof Error ? error.message : 'The check failed.' });
    }
  }

  const running = state.kind === 'running';
  return (
    <section className="mx-auto w-full max-w-6xl px-4 pb-16 pt-8" aria-labelledby="a11y-title">
      <h1 id="a11y-title" className="font-serif text-3xl font-bold tracking-tight">
        Accessibility Test
      </h1>
      <p className="mb-6 mt-1 text-sm text-muted-foreground">
        Choose a page: it opens below as you would see it, and axe-core checks it in your browser against WCAG 2.1 A and
        AA. Nothing is sent anywhere.
      </p>
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex flex-1 flex-col gap-1.5">
          <label htmlFor="a11y-route" className="text-sm font-medium">
            Page to check
          </label>
          <select
            id="a11y-route"
            className="h-10 rounded-md border border-input bg-background px-2 text-sm"
            value={path}
            onChange={(event) => setPath(event.target.value)}
            disabled={running}
          >
            <option value="/">/ (Home)</option>
            {routes.map((route) => (
              <option key={route.path} value={route.path}>
                {route.path} ({ACCESS_LABELS[route.access]})
              </option>
            ))}
          </select>
        </div>
        <Button onClick={() => void run()} disabled={running}>
          <Play className="size-4" aria-hidden="true" />
          {running ? 'Checking...' : 'Run the check'}
        </Button>
      </div>
      <div role="status" aria-live="polite" className="mb-4 text-sm">
        {state.kind === 'running' && state.step}
        {state.kind === 'failed' && <span className="font-medium text-destructive">{state.message}</span>}
        {state.kind === 'done' &&
          (state.findings.length === 0
            ? `${state.path}: no violations found (${state.passes} rules passed).`
            : `${state.path}: ${state.findings.length} rule(s) violated, ${state.passes} passed.`)}
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div>
          <h2 className="mb-2 font-serif text-xl font-semibold">Findings</h2>
          {state.kind !== 'done' ? (
            <p className="text-sm text-muted-foreground">Run the check to see the findings here.</p>
          ) : state.findings.length === 0 ? (
            <p className="text-sm">No violations.</p>
          ) : (
            <ul className="flex flex-col gap-3" aria-label="Violations">
              {state.findings.map((finding) => (
                <li key={finding.id} className={cn('rounded-lg border p-3', IMPACT_STYLE[finding.impact ?? 'minor'])}>
                  <p className="font-semibold">
                    <span className="uppercase">{finding.impact ?? 'minor'}</span>: {finding.help}
                  </p>
                  <p className="text-xs">
                    Rule <code className="font-mono">{finding.id}</code>, {finding.nodes.length} element(s).{' '}
                    <a className="underline" href={finding.helpUrl} target="_blank" rel="noreferrer noopener">
                      How to fix (opens in a new tab)
                    </a>
                  </p>
                  <ul className="mt-1 list-disc pl-5 text-xs">
                    {finding.nodes.slice(0, 5).map((node) => (
                      <li key={node.target.join(' ')} className="break-all font-mono">
                        {node.target.join(' ')}
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div>
          <h2 className="mb-2 font-serif text-xl font-semibold">Page under test</h2>
          {frameSrc ? (
            <iframe
              ref={frameRef}
              title="Page under test"
              src={frameSrc}
              onLoad={() => loaded.current?.()}
              className="h-[32rem] w-full rounded-lg border border-border bg-background"
            />
          ) : (
            <p className="text-sm text-muted-foreground">The chosen page appears here when the check runs.</p>
          )}
        </div>
      </div>
    </section>
  );
}
