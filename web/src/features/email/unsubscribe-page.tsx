/**
 * /unsubscribe?token=...: the link at the foot of every optional e-mail. Shows which address it is for
 * (masked) and lets the reader choose which e-mails to keep, or none; no sign-in needed, the token is
 * the authorisation. A missing, invalid or expired token gets a clear message. With `&list=reading-reminders` (the
 * reading reminder's link) one button switches reading reminders off and nothing else.
 */
import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { AlertTriangle, LinkIcon, MailX, RotateCw } from 'lucide-react';
import { ZUnsubscribeRequest, type TEmailPreferences } from '@shared/auth.schemas';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { describeError } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { AuthLayout, Notice } from '@web/features/auth/components/auth-layout';
import { PreferencesFields } from './preferences-fields';
import {
  isInvalidLink,
  saveUnsubscribeChoices,
  stopReadingReminders,
  type TUnsubscribeInfo,
  unsubscribeInfoQuery,
} from './queries';

/** "r•••@example.com": enough to recognise the address, not enough to harvest it from a shared link. */
export function maskEmail(email: string): string {
  if (email.includes('*') || email.includes('•')) return email;
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  return `${email.charAt(0)}•••${email.slice(at)}`;
}

export default function UnsubscribePage() {
  useDocumentTitle('Email Preferences');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const isTokenWellFormed = ZUnsubscribeRequest.shape.token.safeParse(token).success;

  const info = useQuery({ ...unsubscribeInfoQuery(token), enabled: isTokenWellFormed });

  if (!isTokenWellFormed || (info.isError && isInvalidLink(info.error))) return <InvalidLink />;
  if (info.isPending) return <Spinner label="Loading..." className="min-h-[50vh] py-16" />;
  if (info.isError) {
    return (
      <AuthLayout
        title="Email preferences"
        icon={<AlertTriangle className="size-6 text-destructive" aria-hidden="true" />}
      >
        <Notice tone="error">
          We could not load your email preferences. Please check your connection and try again.
        </Notice>
        <Button
          variant="outline"
          className="mt-4 w-full"
          onClick={() => void info.refetch()}
          disabled={info.isFetching}
        >
          <RotateCw aria-hidden="true" />
          Try again
        </Button>
      </AuthLayout>
    );
  }
  if (searchParams.get('list') === 'reading-reminders') return <StopReadingReminders token={token} info={info.data} />;
  return <PreferencesForm token={token} info={info.data} />;
}

function StopReadingReminders({ token, info }: { token: string; info: TUnsubscribeInfo }) {
  const stop = useMutation({
    mutationFn: () => stopReadingReminders(token),
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Reading reminders not switched off',
        description: describeError(error) || 'Something went wrong. Please try again.',
      }),
  });
  return (
    <AuthLayout
      title="Reading reminders"
      icon={<MailX className="size-6" aria-hidden="true" />}
      description={
        <>
          Reminders when a reading streak is about to break, sent to{' '}
          <strong className="font-semibold text-foreground">{maskEmail(info.email)}</strong>.
        </>
      }
      showBackToHome
    >
      {stop.isSuccess ? (
        <Notice tone="success">
          Reading reminders are off. You can switch them on again in your reading preferences on your profile.
        </Notice>
      ) : (
        <Button size="lg" className="w-full" disabled={stop.isPending} onClick={() => stop.mutate()}>
          {stop.isPending ? 'Switching off...' : 'Stop reading reminders'}
        </Button>
      )}
    </AuthLayout>
  );
}

function PreferencesForm({ token, info }: { token: string; info: TUnsubscribeInfo }) {
  const [value, setValue] = useState<TEmailPreferences>(() => {
    const { marketingEmails, trialReminders, subscriptionUpdates, isUnsubscribedAll } = info.preferences;
    return { marketingEmails, trialReminders, subscriptionUpdates, isUnsubscribedAll };
  });
  const [isSaved, setIsSaved] = useState(false);
  // A change makes the "saved" confirmation stale until the reader saves again.
  const changeValue = (next: TEmailPreferences) => {
    setValue(next);
    setIsSaved(false);
  };

  const save = useMutation({
    mutationFn: saveUnsubscribeChoices,
    onSuccess: () => setIsSaved(true),
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Preferences not saved',
        description: describeError(error) || 'Something went wrong. Please try again.',
      }),
  });

  return (
    <AuthLayout
      title="Email preferences"
      icon={<MailX className="size-6" aria-hidden="true" />}
      description={
        <>
          Choose which emails we send to{' '}
          <strong className="font-semibold text-foreground">{maskEmail(info.email)}</strong>.
        </>
      }
      showBackToHome
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate({ token, ...value });
        }}
        className="flex flex-col gap-5"
      >
        <PreferencesFields idPrefix="unsubscribe" value={value} onChange={changeValue} disabled={save.isPending} />
        {isSaved ? (
          <Notice tone="success">
            {value.isUnsubscribedAll
              ? 'You have been unsubscribed from all optional emails.'
              : 'Your email preferences have been saved.'}
          </Notice>
        ) : null}
        <Button type="submit" size="lg" className="w-full" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save preferences'}
        </Button>
      </form>
    </AuthLayout>
  );
}

function InvalidLink() {
  return (
    <AuthLayout
      title="This link is not valid"
      icon={<LinkIcon className="size-6" aria-hidden="true" />}
      description="The unsubscribe link is incomplete or has expired. Use the link in a recent email, or sign in and change your email preferences on your profile."
      showBackToHome
    >
      <Button asChild size="lg" className="w-full">
        <Link to="/profile">Manage preferences on my profile</Link>
      </Button>
    </AuthLayout>
  );
}
