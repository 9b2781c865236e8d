/**
 * Profile picture: choose a PNG, JPEG or WebP image up to 2 MB (checked here first, with a clear
 * message, and again by the API), see a preview, then upload it (PUT /api/me/avatar, multipart).
 */
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ImageUp } from 'lucide-react';
import { Avatar, initialsOf } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import { describeError } from '@web/lib/api';
import { infoToast } from '@web/lib/toast';
import { FieldError } from '@web/components/forms/form-field';
import { authKeys } from '@web/features/auth/queries';
import { AVATAR_TYPES, profileKeys, checkAvatarFile, uploadAvatar, type TProfile } from '../queries';

export function AvatarSection({ profile }: { profile: TProfile }) {
  const queryClient = useQueryClient();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!file) {
      setPreviewUrl(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const mutation = useMutation({
    mutationFn: uploadAvatar,
    onSuccess: () => {
      infoToast({ title: 'Photo updated', description: 'Your new profile picture is saved.' });
      setFile(null);
      if (inputRef.current) inputRef.current.value = '';
      void queryClient.invalidateQueries({ queryKey: profileKeys.all, exact: true });
      void queryClient.invalidateQueries({ queryKey: authKeys.user });
    },
    onError: (uploadError) =>
      setError(describeError(uploadError) || 'The photo could not be uploaded. Please try again.'),
  });

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    setError(null);
    if (!chosen) return;
    const problem = checkAvatarFile(chosen);
    if (problem) {
      setFile(null);
      setError(problem);
      event.target.value = '';
      return;
    }
    setFile(chosen);
  }

  function cancel() {
    setFile(null);
    setError(null);
    if (inputRef.current) inputRef.current.value = '';
  }

  const initials = initialsOf(profile.firstName, profile.lastName, profile.email);

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <Avatar
        imageUrl={previewUrl ?? profile.profileImageUrl}
        initials={initials}
        alt={previewUrl ? 'Preview of your new profile picture' : 'Your profile picture'}
        className="size-20 text-xl"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap gap-2">
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept={AVATAR_TYPES.join(',')}
            className="peer sr-only"
            aria-label="Choose a profile photo"
            aria-invalid={error ? true : undefined}
            aria-describedby={`${inputId}-hint${error ? ` ${inputId}-error` : ''}`}
            onChange={handleChange}
            disabled={mutation.isPending}
          />
          {file ? (
            <>
              <Button type="button" onClick={() => mutation.mutate(file)} disabled={mutation.isPending}>
                <ImageUp aria-hidden="true" />
                {mutation.isPending ? 'Uploading...' : 'Upload photo'}
              </Button>
              <Button type="button" variant="outline" onClick={cancel} disabled={mutation.isPending}>
                Cancel
              </Button>
            </>
          ) : (
            <Button asChild variant="outline">
              {/* A label keeps the native file input (and its keyboard access) while looking like a button. */}
              <label
                htmlFor={inputId}
                className="cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2"
              >
                <ImageUp aria-hidden="true" />
                Choose a photo
              </label>
            </Button>
          )}
        </div>
        <p id={`${inputId}-hint`} className="text-xs text-muted-foreground">
          {file ? `Selected: ${file.name}` : 'PNG, JPEG or WebP, up to 2 MB.'}
        </p>
        <div role="alert">
          <FieldError id={inputId} message={error ?? undefined} />
        </div>
      </div>
    </div>
  );
}
