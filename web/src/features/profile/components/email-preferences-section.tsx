/** E-mail preferences of the signed-in reader (GET/PUT /api/me/email-preferences). */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RotateCw } from 'lucide-react';
import type { TEmailPreferences } from '@shared/auth.schemas';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { describeError } from '@web/lib/api';
import { infoToast, toast } from '@web/lib/toast';
import { PreferencesFields } from '@web/features/email/preferences-fields';
import { profileKeys, emailPreferencesQuery, pickPreferences, saveEmailPreferences } from '../queries';

export function EmailPreferencesSection() {
  const preferences = useQuery(emailPreferencesQuery);
  if (preferences.isPending) {
    return (
      <div className="flex flex-col gap-3" aria-busy="true">
        <Skeleton className="h-6 w-2/3" />
        <Skeleton className="h-6 w-1/2" />
        <Skeleton className="h-6 w-3/5" />
      </div>
    );
  }
  if (preferences.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 text-sm">
        <p>Your email preferences could not be loaded.</p>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void preferences.refetch()}
          disabled={preferences.isFetching}
        >
          <RotateCw aria-hidden="true" />
          Try again
        </Button>
      </div>
    );
  }
  return <PreferencesEditor initial={preferences.data} />;
}

function PreferencesEditor({ initial }: { initial: TEmailPreferences }) {
  const queryClient = useQueryClient();
  const [value, setValue] = useState(() => pickPreferences(initial));
  const saved = pickPreferences(initial);
  const isChanged = (Object.keys(saved) as (keyof TEmailPreferences)[]).some((key) => saved[key] !== value[key]);

  const mutation = useMutation({
    mutationFn: saveEmailPreferences,
    onSuccess: (saved) => {
      infoToast({ title: 'Preferences saved', description: 'Your email preferences have been updated.' });
      queryClient.setQueryData(profileKeys.emailPreferences, saved && typeof saved === 'object' ? saved : value);
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Preferences not saved',
        description: describeError(error) || 'Something went wrong. Please try again.',
      }),
  });

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        mutation.mutate(value);
      }}
      className="flex flex-col gap-5"
    >
      <PreferencesFields idPrefix="profile-email" value={value} onChange={setValue} disabled={mutation.isPending} />
      <div className="flex justify-end">
        <Button type="submit" disabled={mutation.isPending || !isChanged} className="w-full sm:w-auto">
          {mutation.isPending ? 'Saving...' : 'Save preferences'}
        </Button>
      </div>
    </form>
  );
}
