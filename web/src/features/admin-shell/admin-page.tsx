/**
 * The top of every back-office screen: its title (from the navigation, so link and heading agree), a one-line
 * explanation and an actions slot (export, create ...). Sets the tab title too.
 */
import type { ReactNode } from 'react';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { adminNavItem } from './admin-nav';

export function AdminPageHeader({
  path,
  title,
  description,
  actions,
}: {
  /** The screen's back-office path; its nav entry gives the title unless `title` is set (detail pages). */
  path: string;
  title?: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  const heading = title ?? adminNavItem(path).title;
  useDocumentTitle(heading);
  return (
    <header className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <h1 className="font-serif text-2xl font-bold tracking-tight md:text-3xl">{heading}</h1>
        {description && <p className="mt-1 text-sm text-muted-foreground">{description}</p>}
      </div>
      {actions && <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>}
    </header>
  );
}
