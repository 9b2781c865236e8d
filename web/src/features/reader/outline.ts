/**
 * The contents panel's data: pdf.js's outline (bookmarks of the PDF) as a tree with the page each
 * entry points to, so the panel can show page numbers and mark the chapter being read.
 */
import type { PDFDocumentProxy } from 'pdfjs-dist';

export type TPdfDestination = string | unknown[] | null;

export interface TOutlineEntry {
  id: string;
  title: string;
  dest: TPdfDestination;
  /** 1-based page the entry opens, or null when it cannot be resolved (external link, broken dest). */
  page: number | null;
  children: TOutlineEntry[];
}

type TOutlineDocument = Pick<PDFDocumentProxy, 'getOutline' | 'getDestination' | 'getPageIndex'>;
type TRawOutlineItem = { title: string; dest: TPdfDestination; items: TRawOutlineItem[] };

export async function resolveDestinationPage(pdf: TOutlineDocument, dest: TPdfDestination): Promise<number | null> {
  try {
    const explicit = typeof dest === 'string' ? await pdf.getDestination(dest) : dest;
    if (!Array.isArray(explicit) || explicit.length === 0) return null;
    const target = explicit[0];
    if (Number.isInteger(target)) return (target as number) + 1;
    if (target && typeof target === 'object' && 'num' in target && 'gen' in target) {
      return (await pdf.getPageIndex(target as { num: number; gen: number })) + 1;
    }
    return null;
  } catch {
    return null;
  }
}

export async function loadOutline(pdf: TOutlineDocument): Promise<TOutlineEntry[]> {
  const raw = ((await pdf.getOutline()) ?? []) as TRawOutlineItem[];
  const build = (items: TRawOutlineItem[], prefix: string): Promise<TOutlineEntry[]> =>
    Promise.all(
      items.map(async (item, index) => {
        const id = `${prefix}${index}`;
        return {
          id,
          title: (item.title ?? '').trim() || 'Untitled section',
          dest: item.dest ?? null,
          page: await resolveDestinationPage(pdf, item.dest ?? null),
          children: await build(item.items ?? [], `${id}.`),
        };
      }),
    );
  return build(raw, '');
}

/** The id of the last entry starting at or before `page`, in reading order: the section being read. */
export function currentOutlineEntryId(entries: TOutlineEntry[], page: number): string | null {
  let best: { id: string; page: number } | null = null;
  const visit = (list: TOutlineEntry[]) => {
    for (const entry of list) {
      if (entry.page !== null && entry.page <= page && (!best || entry.page >= best.page))
        best = { id: entry.id, page: entry.page };
      visit(entry.children);
    }
  };
  visit(entries);
  return (best as { id: string } | null)?.id ?? null;
}
