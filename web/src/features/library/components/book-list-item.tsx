/** One book in a library list (the shelf, the chosen books): cover and title linking to the book, the author, then what the list adds. */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { BookCover } from '@web/features/catalogue/components/book-cover';
import { bookDetailPath } from '@web/lib/paths';

export function BookListItem({
  book,
  author,
  children,
}: {
  book: { bookId: string; slug: string | null; title: string; coverImageUrl: string | null };
  /** Undefined while it loads: the line keeps its height. */
  author: string | undefined;
  children: ReactNode;
}) {
  const detailPath = bookDetailPath(book.slug || book.bookId);
  return (
    <li className="flex gap-4 rounded-xl border border-border bg-card p-3 shadow-sm">
      <Link to={detailPath} className="w-20 shrink-0" tabIndex={-1} aria-hidden="true">
        <BookCover src={book.coverImageUrl} title={book.title} width={160} height={224} />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h3 className="line-clamp-2 font-serif text-base font-semibold leading-snug">
          <Link to={detailPath} className="hover:underline">
            {book.title}
          </Link>
        </h3>
        <p className="line-clamp-1 text-sm text-muted-foreground">{author ?? '\u00a0'}</p>
        {children}
      </div>
    </li>
  );
}
