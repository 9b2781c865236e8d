import { Link } from 'react-router-dom';
import { BookOpen, Eye, LogIn, Sparkles } from 'lucide-react';
import type { TCurrentUser } from '@shared/auth';
import type { TEntitlements } from '@shared/selections';
import type { TBookTier } from '@shared/tiers';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { BookChoice } from '@web/features/selections/components/book-choice';
import { findSelection, isPickingTier, tierAllows } from '@web/features/selections/format';
import { LazyDownloadForOfflineButton } from '@web/features/offline/components/lazy-download-for-offline-button';
import { useEntitlements } from '@web/features/selections/queries';
import { bookCtaFor, type TBookCta } from '../book-access';
import { previewPath, readerPath } from '@web/lib/paths';
import { tierLabel } from '../format';

/**
 * The CTA from the server's effective tier (GET /api/me/entitlements) when it has answered, so an
 * expired trial is treated as free; from the user record until then or if that call fails.
 */
function ctaFromTier(tier: TEntitlements['tier'], requiredTier: TBookTier): TBookCta {
  if (tier === 'free') return { kind: 'subscribe' };
  if (tierAllows(tier, requiredTier)) return { kind: 'read' };
  return { kind: 'upgrade', tier: requiredTier === 'premium' ? 'premium' : 'basic' };
}

/**
 * The book page's call to action, chosen for the visitor (signed out, no plan, plan too low, or
 * allowed to read). Trial and Basic readers read only books they chose, so for them 'read' becomes
 * the choose/chosen control. Books with a preview also offer 'Preview' (the public preview reader).
 */
export function BookCta({
  bookId,
  title = 'this book',
  requiredTier,
  previewPageCount,
  user,
  isUserLoading,
}: {
  bookId: string;
  title?: string;
  requiredTier: TBookTier;
  previewPageCount: number;
  user: TCurrentUser | null;
  isUserLoading: boolean;
}) {
  const entitlementsQuery = useEntitlements();
  const entitlements = user ? entitlementsQuery.data : undefined;
  const cta = entitlements ? ctaFromTier(entitlements.tier, requiredTier) : bookCtaFor(user, requiredTier);
  // A reader who may need to pick waits for the server's counts rather than flashing 'Read now'.
  const isWaitingForPicks =
    Boolean(user) &&
    !entitlements &&
    entitlementsQuery.isPending &&
    cta.kind === 'read' &&
    isPickingTier(user!.subscriptionTier);
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4 shadow-sm sm:p-5">
      {isUserLoading || isWaitingForPicks ? (
        <div className="flex flex-col gap-3 sm:flex-row" role="status">
          <span className="sr-only">Checking your access...</span>
          <Skeleton className="h-12 w-full sm:w-44" />
          <Skeleton className="h-12 w-full sm:w-32" />
        </div>
      ) : cta.kind === 'signed-out' ? (
        <>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg" variant="accent">
              <Link to="/auth/register">
                <Sparkles aria-hidden="true" />
                Start 7-Day Trial
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/auth/login">
                <LogIn aria-hidden="true" />
                Sign In
              </Link>
            </Button>
          </div>
          <p className="text-sm text-muted-foreground">
            New readers get 7 days free. This book is included from the {tierLabel(requiredTier)} plan.
          </p>
        </>
      ) : cta.kind === 'subscribe' ? (
        <>
          <Button asChild size="lg" className="sm:self-start">
            <Link to="/subscribe">Subscribe to read</Link>
          </Button>
          <p className="text-sm text-muted-foreground">Choose a plan to read this book in full.</p>
        </>
      ) : cta.kind === 'upgrade' ? (
        <>
          <Button asChild size="lg" variant={cta.tier === 'premium' ? 'default' : 'accent'} className="sm:self-start">
            <Link to={`/subscribe?tier=${cta.tier}`}>Upgrade to {tierLabel(cta.tier)}</Link>
          </Button>
          <p className="text-sm text-muted-foreground">This book needs the {tierLabel(cta.tier)} plan or higher.</p>
        </>
      ) : entitlements && isPickingTier(entitlements.tier) ? (
        <BookChoice bookId={bookId} title={title} entitlements={entitlements} />
      ) : (
        <Button asChild size="lg" className="sm:self-start">
          <Link to={readerPath(bookId)}>
            <BookOpen aria-hidden="true" />
            Read now
          </Link>
        </Button>
      )}
      {entitlements?.offlineAllowed &&
        cta.kind === 'read' &&
        (!isPickingTier(entitlements.tier) || findSelection(entitlements, bookId)) && (
          <LazyDownloadForOfflineButton bookId={bookId} title={title} />
        )}
      {previewPageCount > 0 && (
        <p className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-muted-foreground">
          <Button asChild size="sm" variant="outline">
            <Link to={previewPath(bookId)}>
              <Eye aria-hidden="true" />
              Preview
            </Link>
          </Button>
          <span>
            <span className="font-medium text-foreground">Read preview:</span> the first {previewPageCount}{' '}
            {previewPageCount === 1 ? 'page is' : 'pages are'} free to everyone.
          </span>
        </p>
      )}
    </div>
  );
}
