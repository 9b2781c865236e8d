/**
 * 'Demo: open the local mailbox' on the screens that wait for an e-mail (docs/product/accounts.md#demo-mailbox). Shown
 * only when the API says this browser has a demo mailbox; elsewhere, production included, it renders nothing.
 */
import { Link } from 'react-router-dom';
import { Inbox } from 'lucide-react';
import { demoMailboxPath } from '@shared/demo-mailbox';
import { cn } from '@web/lib/cn';
import { useHasDemoMailbox } from './queries';

export function DemoMailboxLink({ to, className }: { to?: string | null; className?: string }) {
  if (!useHasDemoMailbox()) return null;
  return (
    <p
      className={cn(
        'flex items-start gap-2 rounded-lg border border-dashed border-border bg-muted/60 px-3 py-2.5 text-sm',
        className,
      )}
    >
      <Inbox className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <span>
        This is a demo, so no real e-mail is sent.{' '}
        <Link to={demoMailboxPath(to)} className="font-semibold text-primary underline underline-offset-4">
          Demo: open the local mailbox
        </Link>
      </span>
    </p>
  );
}
