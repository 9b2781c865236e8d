import { useEffect } from 'react';

export const BRAND_NAME = 'Wonderful Books';

/**
 * Sets the tab title while a screen is shown ("{title} | Wonderful Books"). The server writes the first
 * title (with the SEO tags) into index.html; this keeps it right after client-side navigation.
 */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} | ${BRAND_NAME}` : BRAND_NAME;
  }, [title]);
}
