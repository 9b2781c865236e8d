/**
 * How the reader lays out pages (docs/product/reader.md#page-habits) as far as it depends on the screen: one page at a
 * time or continuous, and what counts as a wide screen. Pure, so the reader page's first-page picture
 * (first-page-picture.ts) lays the page out as the viewer will without loading React or the settings' schema.
 */

/** The reader's full toolbar needs about 1024 px; below that the controls move to a bottom bar. */
export const WIDE_READER_QUERY = '(min-width: 1024px)';

export type TPageMode = 'paginated' | 'continuous';

/** The page mode in force: the reader's choice, else one page at a time on narrow screens. */
export function effectivePageMode(settings: { pageMode: TPageMode | null }, isWide: boolean): TPageMode {
  return settings.pageMode ?? (isWide ? 'continuous' : 'paginated');
}
