/**
 * Copying highlighted text out of a list (the reader's panel, /highlights, /review) is a copy of the
 * book like any other (docs/product/highlights.md#highlighting): the reader's copy guard is installed
 * on the list, so every copy is counted against the book's copy budget by the server before the
 * clipboard is written, refused at the limit, and refused while the server cannot be asked.
 */
import { useMemo, type RefObject } from 'react';
import { type TCopyFeature, useCopyProtection } from '@web/lib/use-copy-protection';
import { recordQuoteCopy } from './queries';

export function useQuoteCopyGuard(rootRef: RefObject<HTMLElement | null>, bookId: string): void {
  const feature = useMemo<TCopyFeature>(
    () => ({ budget: null, record: (characters) => recordQuoteCopy(bookId, characters), onBudget: () => undefined }),
    [bookId],
  );
  useCopyProtection(rootRef, feature);
}
