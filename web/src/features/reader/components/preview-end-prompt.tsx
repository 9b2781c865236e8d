/**
 * The prompt after the last preview page: READER_MESSAGES.previewEnd and the next step that fits the
 * visitor (start the 7-day trial and/or subscribe; upgrade; or read the full book when they already may).
 */
import { Link } from 'react-router-dom';
import { BookOpen, Sparkles } from 'lucide-react';
import { READER_MESSAGES } from '@shared/reader';
import { Button } from '@web/components/ui/button';
import type { TBookCta } from '@web/features/catalogue/book-access';
import { tierLabel } from '@web/features/catalogue/format';
import { readerPath } from '@web/lib/paths';

export interface TPreviewEndAction {
  label: string;
  to: string;
  primary: boolean;
}

export function previewEndActions(cta: TBookCta, bookId: string): TPreviewEndAction[] {
  switch (cta.kind) {
    case 'signed-out':
      return [
        { label: 'Start 7-Day Trial', to: '/auth/register', primary: true },
        { label: 'Subscribe', to: '/subscribe', primary: false },
      ];
    case 'subscribe':
      return [{ label: 'Subscribe', to: '/subscribe', primary: true }];
    case 'upgrade':
      return [{ label: `Upgrade to ${tierLabel(cta.tier)}`, to: `/subscribe?tier=${cta.tier}`, primary: true }];
    case 'read':
      return [{ label: 'Read the full book', to: readerPath(bookId), primary: true }];
  }
}

export function PreviewEndPrompt({ cta, bookId, title }: { cta: TBookCta | null; bookId: string; title: string }) {
  const actions = cta ? previewEndActions(cta, bookId) : [];
  return (
    <section
      aria-labelledby="preview-end-title"
      data-testid="preview-end"
      className="mx-auto mt-6 flex max-w-lg flex-col items-center gap-4 rounded-2xl border border-border bg-card p-6 text-center text-card-foreground shadow-lg"
    >
      <Sparkles className="size-7 text-accent" aria-hidden="true" />
      <h2 id="preview-end-title" className="font-serif text-xl font-semibold">
        Enjoying {title}?
      </h2>
      <p className="leading-relaxed">{READER_MESSAGES.previewEnd}</p>
      <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        {actions.map((action) => (
          <Button key={action.to} asChild size="lg" variant={action.primary ? 'accent' : 'outline'}>
            <Link to={action.to}>
              {action.to.startsWith('/reader/') && <BookOpen aria-hidden="true" />}
              {action.label}
            </Link>
          </Button>
        ))}
      </div>
    </section>
  );
}
