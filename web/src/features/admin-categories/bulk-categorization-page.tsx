/**
 * /admin/bulk-categorization (docs/product/site-content.md#categories): two tabs, the books to categorise in bulk
 * with suggestions from their text, and the categories themselves.
 */
import * as Tabs from '@radix-ui/react-tabs';
import { AdminPageHeader } from '@web/features/admin-shell/admin-page';
import { BulkBooksPanel } from './bulk-books-panel';
import { CategoriesPanel } from './categories-panel';

const tabClass =
  'rounded-md px-3 py-2 text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring data-[state=active]:bg-primary data-[state=active]:text-primary-foreground';

export default function BulkCategorizationPage() {
  return (
    <section>
      <AdminPageHeader
        path="/admin/bulk-categorization"
        description="Add or remove categories on many books at once, with suggestions from each book's own text, and manage the categories."
      />
      <Tabs.Root defaultValue="books">
        <Tabs.List aria-label="Bulk categorisation" className="mb-4 flex flex-wrap gap-1 border-b border-border pb-2">
          <Tabs.Trigger value="books" className={tabClass}>
            Books
          </Tabs.Trigger>
          <Tabs.Trigger value="categories" className={tabClass}>
            Categories
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="books" className="focus-visible:outline-none">
          <BulkBooksPanel />
        </Tabs.Content>
        <Tabs.Content value="categories" className="focus-visible:outline-none">
          <CategoriesPanel />
        </Tabs.Content>
      </Tabs.Root>
    </section>
  );
}
