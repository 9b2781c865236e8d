/**
 * /profile (signed in): personal details, profile picture, password, e-mail preferences, a copy of
 * the reader's data and account deletion. Reads GET /api/me; each section saves on its own.
 */
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, RotateCw } from 'lucide-react';
import { SubscriptionBadge } from '@web/components/subscription-badge';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { AvatarSection } from './components/avatar-section';
import { ChangePasswordForm } from './components/change-password-form';
import { DataSection } from './components/data-section';
import { DetailsForm } from './components/details-form';
import { EmailPreferencesSection } from './components/email-preferences-section';
import { ProfileSection } from './components/profile-section';
import { profileQuery, type TProfile } from './queries';
import { ReadingPreferencesForm } from '@web/features/reading-stats/reading-preferences-form';
import { AssistantModeSection } from '@web/features/assistant/components/assistant-mode-section';

function memberSince(createdAt: string | null | undefined): string | null {
  if (!createdAt) return null;
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime())
    ? null
    : new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric' }).format(date);
}

export default function ProfilePage() {
  useDocumentTitle('Profile');
  const profile = useQuery(profileQuery);

  return (
    <div className="mx-auto w-full max-w-3xl px-4 pb-16 pt-8 sm:px-6 md:pt-12">
      <h1 className="font-serif text-3xl font-bold tracking-tight md:text-4xl">Your profile</h1>
      {profile.isPending ? (
        <ProfileSkeleton />
      ) : profile.isError ? (
        <div
          role="alert"
          className="mt-8 flex flex-col items-center gap-4 rounded-xl border border-border bg-card p-8 text-center"
        >
          <AlertTriangle className="size-8 text-destructive" aria-hidden="true" />
          <div>
            <p className="font-semibold">Your profile could not be loaded.</p>
            <p className="mt-1 text-sm text-muted-foreground">Please check your connection and try again.</p>
          </div>
          <Button variant="outline" onClick={() => void profile.refetch()} disabled={profile.isFetching}>
            <RotateCw aria-hidden="true" className={profile.isFetching ? 'animate-spin' : undefined} />
            {profile.isFetching ? 'Retrying...' : 'Try again'}
          </Button>
        </div>
      ) : (
        <ProfileSections profile={profile.data} />
      )}
    </div>
  );
}

function ProfileSections({ profile }: { profile: TProfile }) {
  const since = memberSince(profile.createdAt);
  return (
    <>
      <p className="mt-2 flex flex-wrap items-center gap-2 text-muted-foreground">
        <span>{since ? `Member since ${since}` : 'Manage your account'}</span>
        <SubscriptionBadge tier={profile.subscriptionTier} />
      </p>
      <div className="mt-8 flex flex-col gap-6">
        <ProfileSection id="profile-photo" title="Profile picture">
          <AvatarSection profile={profile} />
        </ProfileSection>
        <ProfileSection id="profile-details" title="Personal details" description="Your name and phone number.">
          <DetailsForm profile={profile} />
        </ProfileSection>
        <ProfileSection id="profile-password" title="Password" description="Change the password you sign in with.">
          <ChangePasswordForm />
        </ProfileSection>
        <ProfileSection
          id="reading-preferences"
          title="Reading preferences"
          description="Your goals, your reading days and what you like to read."
        >
          <ReadingPreferencesForm />
        </ProfileSection>
        <ProfileSection
          id="profile-emails"
          title="Email preferences"
          description="Choose which optional emails we send. Emails about your account and security are always sent."
        >
          <EmailPreferencesSection />
        </ProfileSection>
        <ProfileSection
          id="profile-assistant"
          title="Book assistant"
          description="Where the answers to your questions about a book are made."
        >
          <AssistantModeSection />
        </ProfileSection>
        <ProfileSection
          id="profile-data"
          title="Your data"
          description="Take a copy of your data, or delete your account."
        >
          <DataSection />
        </ProfileSection>
      </div>
    </>
  );
}

function ProfileSkeleton() {
  return (
    <div className="mt-8 flex flex-col gap-6" role="status" aria-busy="true">
      <span className="sr-only">Loading your profile...</span>
      {[0, 1, 2].map((index) => (
        <div key={index} className="rounded-xl border border-border bg-card p-6">
          <Skeleton className="h-6 w-40" />
          <Skeleton className="mt-5 h-10 w-full" />
          <Skeleton className="mt-3 h-10 w-2/3" />
        </div>
      ))}
    </div>
  );
}
