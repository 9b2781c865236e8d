/** Shapes a users row into the public TCurrentUser (never the hash, tokens or abuse fields). */
import type { TCurrentUser } from '@shared/auth';
import type { SessionUser } from './session.service';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function toCurrentUser(user: SessionUser): TCurrentUser {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    role: user.role,
    subscriptionTier: user.subscriptionTier,
    subscriptionStatus: user.subscriptionStatus,
    emailVerified: user.emailVerified,
    trialEndsAt: iso(user.trialEndsAt),
    freeTrialEndedAt: iso(user.freeTrialEndedAt),
    subscriptionCurrentPeriodEnd: iso(user.subscriptionCurrentPeriodEnd),
    trialDeclined: user.trialDeclinedAt !== null,
  };
}
