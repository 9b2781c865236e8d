import { Link } from 'react-router-dom';
import { Construction } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { useDocumentTitle } from '@web/lib/use-document-title';

/**
 * Stand-in for an area of docs/product/routes-and-screens.md#route-table not built yet (see planned-areas.ts): names
 * the area and says plainly that it is not open yet, with ways back to the home page and the store.
 */
export default function PlannedAreaPage({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <section
      className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24"
      aria-labelledby="planned-area-title"
    >
      <span className="mb-6 inline-flex size-14 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
        <Construction className="size-7" aria-hidden="true" />
      </span>
      <h1 id="planned-area-title" className="font-serif text-3xl font-bold tracking-tight sm:text-4xl">
        {title}
      </h1>
      <p className="mt-4 text-base text-muted-foreground">
        This part of Wonderful Books is not open yet. We are still building it; in the meantime you can browse the
        store.
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
