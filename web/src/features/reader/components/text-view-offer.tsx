/**
 * On a phone, the first time a book opens in the page view, the reader is offered the text view once
 * (docs/product/reader.md#text-view); either answer is remembered on this device.
 */
import { FileText } from 'lucide-react';

export function TextViewOffer({ onAccept, onDismiss }: { onAccept: () => void; onDismiss: () => void }) {
  return (
    <section
      aria-labelledby="text-view-offer-title"
      data-testid="text-view-offer"
      data-no-tap-zone
      className="pointer-events-auto w-full max-w-md rounded-lg border border-border bg-background p-3 text-foreground shadow-lg"
    >
      <h2 id="text-view-offer-title" className="flex items-center gap-2 text-sm font-semibold">
        <FileText className="size-4" aria-hidden="true" />
        Small print on this screen?
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        The text view sets the book's words at a size you choose. Switch back to pages at any time.
      </p>
      <div className="mt-3 flex gap-2">
        <button
          type="button"
          onClick={onAccept}
          className="inline-flex min-h-11 flex-1 items-center justify-center rounded-md bg-primary px-3 text-sm font-medium text-primary-foreground hover:bg-primary/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          Use text view
        </button>
        <button
          type="button"
          onClick={onDismiss}
          className="inline-flex min-h-11 flex-1 items-center justify-center rounded-md border border-border px-3 text-sm font-medium hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          Keep pages
        </button>
      </div>
    </section>
  );
}
