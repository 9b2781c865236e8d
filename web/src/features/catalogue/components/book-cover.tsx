import { useEffect, useState } from 'react';
import { COVER_DEFAULT_HEIGHT, COVER_DEFAULT_WIDTH } from '@shared/limits';
import { cn } from '@web/lib/cn';
import { placeholderCoverUrl } from '../queries';

export interface BookCoverProps {
  src: string | null | undefined;
  title: string;
  width?: number;
  height?: number;
  /** Above-the-fold covers (the book detail page) load eagerly; lists load lazily. */
  priority?: boolean;
  className?: string;
}

/**
 * A book's cover (docs/product/routes-and-screens.md#book-cover): 200x280 by default; a missing cover or one that fails
 * to load is replaced by the placeholder image and the failure is logged (as a warning, not an error).
 */
export function BookCover({
  src,
  title,
  width = COVER_DEFAULT_WIDTH,
  height = COVER_DEFAULT_HEIGHT,
  priority = false,
  className,
}: BookCoverProps) {
  const placeholder = placeholderCoverUrl(width, height);
  const [current, setCurrent] = useState(() => src || placeholder);

  useEffect(() => {
    if (!src) console.warn(`Book cover missing for "${title}"; showing the placeholder.`);
    setCurrent(src || placeholder);
  }, [src, placeholder, title]);

  function handleError() {
    if (current === placeholder) return;
    console.warn(`Book cover failed to load for "${title}" (${current}); showing the placeholder.`);
    setCurrent(placeholder);
  }

  return (
    <img
      src={current}
      alt={`Cover of ${title}`}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      // The first screen's largest picture: fetched ahead of other images (the server also preloads it).
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      onError={handleError}
      className={cn('aspect-[5/7] h-auto w-full rounded-md bg-muted object-cover shadow-sm', className)}
    />
  );
}
