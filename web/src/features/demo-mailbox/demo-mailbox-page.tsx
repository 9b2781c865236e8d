/**
 * /demo/mailbox (docs/product/accounts.md#demo-mailbox): the local demo's mail catcher. The list of delivered
 * messages (newest first, `?to=` keeps one address), and the open message (`?id=`) with its codes and links live,
 * as the recipient got it. Only a demo server answers, and only to this machine; anywhere else the page is the
 * ordinary 'Page Not Found'.
 */
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Inbox, Mail } from 'lucide-react';
import type { TMailboxSummary } from '@shared/demo-mailbox';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { StatePanel } from '@web/components/state-panel';
import { ErrorPanel } from '@web/components/error-panel';
import { cn } from '@web/lib/cn';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { demoMailboxMessageQueryOptions, demoMailboxQueryOptions } from './queries';

const timeFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

export default function DemoMailboxPage() {
  const [params, setParams] = useSearchParams();
  const to = params.get('to')?.trim() || null;
  const openId = params.get('id');
  const list = useQuery(demoMailboxQueryOptions(to));
  useDocumentTitle(list.data === null ? 'Page Not Found' : 'Demo mailbox');

  if (list.isSuccess && list.data === null) return <AbsentMailbox />;

  const open = (id: string | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set('id', id);
    else next.delete('id');
    setParams(next);
  };

  return (
    <section aria-labelledby="mailbox-title" className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-10">
      <p className="text-sm font-semibold uppercase tracking-widest text-accent-text">Demo only</p>
      <h1 id="mailbox-title" className="mt-1 font-serif text-3xl font-bold tracking-tight">
        Local mailbox
      </h1>
      <p className="mt-2 max-w-2xl text-muted-foreground">
        The demo sends no real e-mail. Every message it would send lands here, on this computer only.
        {to ? (
          <>
            {' '}
            Showing mail to <strong className="break-all text-foreground">{to}</strong>.{' '}
            <Link to="/demo/mailbox" className="font-medium text-primary underline-offset-4 hover:underline">
              Show all
            </Link>
          </>
        ) : null}
      </p>

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <div className={cn(openId && 'hidden lg:block')}>
          {list.isPending ? (
            <div role="status" className="flex flex-col gap-2">
              <span className="sr-only">Loading the mailbox...</span>
              <Skeleton className="h-16 w-full" />
              <Skeleton className="h-16 w-full" />
            </div>
          ) : list.isError ? (
            <ErrorPanel error={list.error} onRetry={() => void list.refetch()} />
          ) : list.data && list.data.items.length === 0 ? (
            <StatePanel icon={<Inbox />} title="No mail yet" role="status">
              Messages appear here a moment after they are sent. This page checks every few seconds.
            </StatePanel>
          ) : (
            <ul aria-label="Messages" className="flex flex-col gap-2">
              {list.data?.items.map((item) => (
                <li key={item.id}>
                  <MessageRow item={item} isOpen={item.id === openId} onOpen={() => open(item.id)} />
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className={cn(!openId && 'hidden lg:block')}>
          {openId ? (
            <OpenMessage id={openId} onBack={() => open(null)} />
          ) : (
            <StatePanel icon={<Mail />} title="Choose a message">
              Open a message to read it and follow its links.
            </StatePanel>
          )}
        </div>
      </div>
    </section>
  );
}

function MessageRow({ item, isOpen, onOpen }: { item: TMailboxSummary; isOpen: boolean; onOpen: () => void }) {
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-current={isOpen ? 'true' : undefined}
      className={cn(
        'flex w-full flex-col gap-0.5 rounded-lg border border-border bg-card px-4 py-3 text-left shadow-sm transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        isOpen && 'border-primary bg-muted',
      )}
    >
      <span className="font-medium">{item.subject}</span>
      <span className="break-all text-sm text-muted-foreground">To {item.to}</span>
      <span className="text-xs text-muted-foreground">{timeFormat.format(new Date(item.receivedAt))}</span>
    </button>
  );
}

function OpenMessage({ id, onBack }: { id: string; onBack: () => void }) {
  const query = useQuery(demoMailboxMessageQueryOptions(id));
  return (
    <article aria-labelledby="message-subject" className="rounded-xl border border-border bg-card p-4 shadow-sm sm:p-6">
      <Button variant="ghost" size="sm" className="mb-3 lg:hidden" onClick={onBack}>
        <ArrowLeft aria-hidden="true" />
        All messages
      </Button>
      {query.isPending ? (
        <div role="status">
          <span className="sr-only">Opening the message...</span>
          <Skeleton className="h-40 w-full" />
        </div>
      ) : query.isError ? (
        <ErrorPanel error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <h2 id="message-subject" className="font-serif text-2xl font-semibold">
            {query.data.subject}
          </h2>
          <p className="mt-1 break-all text-sm text-muted-foreground">
            To {query.data.to} · {timeFormat.format(new Date(query.data.receivedAt))}
          </p>
          <div className="mt-5 whitespace-pre-wrap break-words text-base leading-relaxed">
            <MessageText text={query.data.text} />
          </div>
        </>
      )}
    </article>
  );
}

const LINK_OR_CODE = /(https?:\/\/[^\s<>"]+)|(^\s*\d{6}\s*$)/gm;

/** The text body with its links clickable (same-origin links stay in the app) and a code shown large. */
export function MessageText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK_OR_CODE)) {
    const index = match.index ?? 0;
    parts.push(text.slice(last, index));
    if (match[1]) parts.push(<MessageLink key={index} href={match[1]} />);
    else
      parts.push(
        <strong key={index} className="my-2 inline-block font-mono text-3xl tracking-[0.3em] text-foreground">
          {match[2].trim()}
        </strong>,
      );
    last = index + match[0].length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}

function MessageLink({ href }: { href: string }) {
  const className = 'break-all font-medium text-primary underline underline-offset-4';
  let url: URL | null = null;
  try {
    url = new URL(href);
  } catch {
    url = null;
  }
  // Links name the server's public address; on this machine the app may run on another port, so the path is kept.
  const isAppLink =
    url !== null && (url.origin === window.location.origin || ['localhost', '127.0.0.1'].includes(url.hostname));
  return isAppLink && url ? (
    <Link to={`${url.pathname}${url.search}${url.hash}`} className={className}>
      {href}
    </Link>
  ) : (
    <a href={href} className={className} rel="noreferrer noopener" target="_blank">
      {href}
    </a>
  );
}

/** Anywhere but a demo server on this machine the mailbox does not exist: the same words as any unknown page. */
function AbsentMailbox() {
  return (
    <section
      aria-labelledby="absent-title"
      className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center"
    >
      <p className="text-sm font-semibold uppercase tracking-widest text-accent-text">404</p>
      <h1 id="absent-title" className="mt-2 font-serif text-3xl font-bold tracking-tight">
        Page Not Found
      </h1>
      <Button asChild size="lg" className="mt-8">
        <Link to="/">Go to Home</Link>
      </Button>
    </section>
  );
}
