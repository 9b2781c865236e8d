/**
 * /library/assistant/:bookId (signed in, a book the reader may read): the book assistant outside the reader
 * (docs/product/assistant.md#screens). Citations are links that open the reader at the cited page.
 */
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, BookOpen } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { Button } from '@web/components/ui/button';
import { readerPath } from '@web/lib/paths';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { AssistantConversation } from './components/assistant-conversation';
import { assistantBookQuery } from './queries';

export default function AssistantPage() {
  const { bookId = '' } = useParams();
  const view = useQuery(assistantBookQuery(bookId));
  const title = view.data?.book.title;
  useDocumentTitle(title ? `Ask about ${title}` : 'Ask this book');

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col px-4 pb-16 pt-6 sm:px-6 md:pt-10">
      <Link
        to="/library"
        className="inline-flex items-center gap-1 self-start text-sm text-muted-foreground hover:text-foreground hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to your library
      </Link>
      <div className="mt-3 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="font-serif text-2xl font-bold tracking-tight md:text-3xl">
            {title ? `Ask about ${title}` : 'Ask this book'}
          </h1>
          {view.data && <p className="mt-1 text-muted-foreground">{view.data.book.author}</p>}
        </div>
        {view.data && (
          <Button asChild size="sm" variant="outline">
            <Link to={readerPath(view.data.book.id)}>
              <BookOpen aria-hidden="true" />
              Read now
            </Link>
          </Button>
        )}
      </div>
      <AssistantConversation
        className="mt-6 rounded-xl border border-border bg-card p-4"
        bookId={bookId}
        renderCitation={(page) => (
          <Link
            to={`${readerPath(bookId)}?page=${page}`}
            className="relative inline-block rounded px-1 text-xs font-medium text-primary underline underline-offset-2 hover:bg-muted"
          >
            <span className="sr-only">Open the reader at </span>p. {page}
          </Link>
        )}
      />
    </div>
  );
}
