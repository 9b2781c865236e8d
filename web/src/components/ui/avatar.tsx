import { useState } from 'react';
import { cn } from '@web/lib/cn';

export function initialsOf(firstName?: string | null, lastName?: string | null, fallback?: string | null): string {
  const letters = [firstName, lastName]
    .map((part) => part?.trim().charAt(0) ?? '')
    .join('')
    .toUpperCase();
  return letters || fallback?.trim().charAt(0).toUpperCase() || '?';
}

export interface AvatarProps {
  imageUrl?: string | null;
  /** Shown when there is no image or it fails to load. */
  initials: string;
  /** Alternative text; leave empty when the name is already written next to the avatar. */
  alt?: string;
  className?: string;
}

/** A round profile picture that falls back to the person's initials. */
export function Avatar({ imageUrl, initials, alt = '', className }: AvatarProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const showImage = Boolean(imageUrl) && failedUrl !== imageUrl;
  return (
    <span
      className={cn(
        'relative inline-flex size-8 shrink-0 items-center justify-center overflow-hidden rounded-full bg-secondary text-xs font-semibold text-secondary-foreground',
        className,
      )}
      aria-hidden={alt ? undefined : true}
    >
      {showImage ? (
        <img
          src={imageUrl ?? undefined}
          alt={alt}
          className="size-full object-cover"
          onError={() => setFailedUrl(imageUrl ?? null)}
        />
      ) : (
        <span>{initials}</span>
      )}
    </span>
  );
}
