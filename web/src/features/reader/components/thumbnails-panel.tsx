/**
 * Page thumbnails (pdf.js's viewer components have no public thumbnail view): one button per page,
 * and each small canvas is drawn with page.render only while its button is scrolled into view.
 */
import { useEffect, useRef, useState } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';

export const THUMBNAIL_WIDTH = 112;

type TThumbnailDocument = Pick<PDFDocumentProxy, 'numPages' | 'getPage'>;

export function ThumbnailsPanelBody({
  pdf,
  pageNumber,
  watermarkText,
  onSelect,
}: {
  pdf: TThumbnailDocument | null;
  pageNumber: number;
  watermarkText: string | null;
  onSelect: (page: number) => void;
}) {
  const listRef = useRef<HTMLOListElement>(null);
  const pages = pdf ? Array.from({ length: pdf.numPages }, (_, index) => index + 1) : [];

  // Once the document is there, start where the reader is, not at page 1.
  useEffect(() => {
    if (!pdf) return;
    listRef.current?.querySelector('[aria-current="page"]')?.scrollIntoView?.({ block: 'center' });
  }, [pdf]);

  if (!pdf) return null;
  return (
    <ol ref={listRef} aria-label="Pages" className="grid grid-cols-2 gap-3 p-3">
      {pages.map((page) => (
        <li key={page}>
          <button
            type="button"
            onClick={() => onSelect(page)}
            aria-label={`Page ${page}`}
            aria-current={page === pageNumber ? 'page' : undefined}
            className="group flex w-full flex-col items-center gap-1 rounded-md p-1.5 hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring aria-[current=page]:bg-secondary"
          >
            <Thumbnail pdf={pdf} page={page} watermarkText={watermarkText} />
            <span className="text-xs tabular-nums text-muted-foreground group-aria-[current=page]:font-semibold group-aria-[current=page]:text-secondary-foreground">
              {page}
            </span>
          </button>
        </li>
      ))}
    </ol>
  );
}

function Thumbnail({
  pdf,
  page,
  watermarkText,
}: {
  pdf: TThumbnailDocument;
  page: number;
  watermarkText: string | null;
}) {
  const frameRef = useRef<HTMLSpanElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [isVisible, setIsVisible] = useState(false);
  const [isDrawn, setIsDrawn] = useState(false);

  useEffect(() => {
    const frame = frameRef.current;
    if (!frame || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setIsVisible(true);
          observer.disconnect();
        }
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(frame);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (!isVisible || isDrawn) return;
    let cancelled = false;
    let cancelRender: (() => void) | null = null;
    void (async () => {
      const pdfPage = await pdf.getPage(page);
      const canvas = canvasRef.current;
      if (cancelled || !canvas) return;
      const base = pdfPage.getViewport({ scale: 1 });
      const pixelRatio = Math.min(window.devicePixelRatio || 1, 2);
      const viewport = pdfPage.getViewport({ scale: (THUMBNAIL_WIDTH / base.width) * pixelRatio });
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      const task = pdfPage.render({ canvas, viewport });
      cancelRender = () => task.cancel();
      await task.promise;
      if (!cancelled) setIsDrawn(true);
    })().catch(() => undefined);
    return () => {
      cancelled = true;
      cancelRender?.();
    };
  }, [isVisible, isDrawn, pdf, page]);

  // The picture is decorative: the button around it is named "Page N".
  return (
    <span
      ref={frameRef}
      aria-hidden="true"
      className="reader-thumbnail relative block w-full overflow-hidden rounded-sm border border-border bg-white"
      style={{ aspectRatio: isDrawn ? undefined : '3 / 4' }}
    >
      <canvas ref={canvasRef} className={isDrawn ? 'block h-auto w-full' : 'hidden'} />
      {watermarkText && isDrawn && <span className="reader-thumbnail-watermark">{watermarkText}</span>}
    </span>
  );
}
