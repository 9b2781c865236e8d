/**
 * The reader's "Ask this book" side panel (lazy-loaded by the reader when opened): the conversation, with each page
 * citation a button that turns the reader to that page.
 */
import { AssistantConversation } from './assistant-conversation';

export default function AssistantPanel({ bookId, onOpenPage }: { bookId: string; onOpenPage: (page: number) => void }) {
  return (
    <AssistantConversation
      className="p-3"
      bookId={bookId}
      renderCitation={(page) => (
        <button
          type="button"
          className="relative inline-block rounded px-1 text-xs font-medium text-primary underline underline-offset-2 hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
          onClick={() => onOpenPage(page)}
        >
          <span className="sr-only">Go to </span>p. {page}
        </button>
      )}
    />
  );
}
