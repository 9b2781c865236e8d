/** Shapes a users row into the profile the API returns (TCurrentUser plus the editable profile fields). */
import type { TProfile } from '@shared/profile';
import { toCurrentUser } from '../auth/current-user';
import type { SessionUser } from '../auth/session.service';

export function toProfile(user: SessionUser): TProfile {
  return {
    ...toCurrentUser(user),
    phoneNumber: user.phoneNumber,
    countryCode: user.countryCode,
    createdAt: user.createdAt.toISOString(),
  };
}
