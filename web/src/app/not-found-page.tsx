import { Link } from 'react-router-dom';
import { BookX } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { useDocumentTitle } from '@web/lib/use-document-title';

/** Any path outside the route table of docs/product/routes-and-screens.md#route-table. */
export default function NotFoundPage() {
  useDocumentTitle('Page Not Found');
  return (
    <section
      className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24"
      aria-labelledby="not-found-title"
    >
      <span className="mb-6 inline-flex size-14 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <BookX className="size-7" aria-hidden="true" />
      </span>
      <p className="text-sm font-semibold uppercase tracking-widest text-accent-text">404</p>
      <h1 id="not-found-title" className="mt-2 font-serif text-3xl font-bold tracking-tight sm:text-4xl">
        Page Not Found
      </h1>
      <p className="mt-4 text-base text-muted-foreground">
        We couldn't find the page you were looking for. It may have moved, or the link may be mistyped.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild size="lg">
          <Link to="/">Go to Home</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/bookstore">Browse the Store</Link>
        </Button>
      </div>
    </section>
  );
}
