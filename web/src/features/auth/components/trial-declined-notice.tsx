/**
 * Tells a reader whose account was made without a free trial why, and what to do next
 * (docs/product/trial-policy.md#what-a-declined-reader-sees). Shown on the plan and billing screens
 * while the account has no plan; nothing shows for anyone else.
 */
import { Info } from 'lucide-react';
import { AUTH_MESSAGES } from '@shared/messages';
import { cn } from '@web/lib/cn';
import { useCurrentUser } from '../queries';

export function TrialDeclinedNotice({ className }: { className?: string }) {
  const { user } = useCurrentUser();
  if (!user?.trialDeclined || user.subscriptionTier !== 'free') return null;
  return (
    <div
      role="note"
      aria-label="No free trial"
      className={cn('flex gap-3 rounded-xl border border-border bg-card p-4 text-sm shadow-sm', className)}
    >
      <Info className="mt-0.5 size-5 shrink-0 text-accent-text" aria-hidden="true" />
      <p>{AUTH_MESSAGES.trialDeclined}</p>
    </div>
  );
}
