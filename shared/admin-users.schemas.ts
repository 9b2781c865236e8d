/**
 * Request schemas of the back office's users API with the messages of docs/product/validation-messages.md#back-office-and-community
 * and docs/product/back-office.md#users.
 */
import { z } from 'zod';
import { ZOptionalDateFilter, ZOptionalFlag, adminListQuery, optionalText } from './admin-list';
import { ADMIN_USER_SORTS, SUBSCRIPTION_STATUSES } from './admin-users';
import { MESSAGES } from './messages';
import { ROLES, SUBSCRIPTION_TIERS } from './tiers';

export const ADMIN_USER_MESSAGES = {
  nameMin: 'Must be at least 1 character',
  nameMax: 'Must be at most 100 characters',
  role: 'Role must be one of user, moderator, admin, super_admin',
  tier: 'Tier must be one of free, trial, basic, premium',
  status: 'Status must be one of active, inactive, cancelled, past_due',
  isActive: 'Active must be true or false',
  userIdRequired: 'User id is required',
  newPasswordMin: MESSAGES.passwordMin,
  nothingToChange: 'Choose at least one change',
  tooManyUsers: 'At most 500 users can be updated at once',
  search: 'Search must be at most 200 characters',
} as const;

const ZRole = z.enum(ROLES, { message: ADMIN_USER_MESSAGES.role });
const ZTier = z.enum(SUBSCRIPTION_TIERS, { message: ADMIN_USER_MESSAGES.tier });
const ZStatus = z.enum(SUBSCRIPTION_STATUSES, { message: ADMIN_USER_MESSAGES.status });

export const ZAdminUsersQuery = adminListQuery(ADMIN_USER_SORTS, { sort: 'createdAt', order: 'desc' }).extend({
  q: optionalText(200, ADMIN_USER_MESSAGES.search),
  role: ZRole.optional(),
  tier: ZTier.optional(),
  status: ZStatus.optional(),
  active: ZOptionalFlag,
  verified: ZOptionalFlag,
  signedUpFrom: ZOptionalDateFilter,
  signedUpTo: ZOptionalDateFilter,
});
export type TAdminUsersQuery = z.infer<typeof ZAdminUsersQuery>;
/** The query as the browser sends it (strings before coercion). */
export type TAdminUsersQueryInput = z.input<typeof ZAdminUsersQuery>;

export const ZAdminUserIdParam = z.object({
  id: z.string().trim().min(1, ADMIN_USER_MESSAGES.userIdRequired).max(64, 'User not found'),
});

const ZOptionalName = z.string().trim().min(1, ADMIN_USER_MESSAGES.nameMin).max(100, ADMIN_USER_MESSAGES.nameMax);

/** PATCH /api/admin/users/:id: any of the admin-editable fields. */
export const ZAdminUserUpdate = z
  .object({
    firstName: ZOptionalName.optional(),
    lastName: ZOptionalName.optional(),
    email: z
      .string()
      .trim()
      .toLowerCase()
      .max(254, MESSAGES.adminEmailInvalid)
      .email(MESSAGES.adminEmailInvalid)
      .optional(),
    role: ZRole.optional(),
    subscriptionTier: ZTier.optional(),
    subscriptionStatus: ZStatus.optional(),
    isActive: z.boolean({ message: ADMIN_USER_MESSAGES.isActive }).optional(),
  })
  .strict()
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: ADMIN_USER_MESSAGES.nothingToChange,
  });
export type TAdminUserUpdate = z.infer<typeof ZAdminUserUpdate>;

/** PUT /api/admin/users/:id/password. */
export const ZAdminPasswordChange = z.object({
  newPassword: z
    .string({ message: ADMIN_USER_MESSAGES.newPasswordMin })
    .min(8, ADMIN_USER_MESSAGES.newPasswordMin)
    .max(128, MESSAGES.passwordMax),
  sendResetEmail: z.boolean({ message: 'Send reset e-mail must be true or false' }).default(false),
});
export type TAdminPasswordChange = z.infer<typeof ZAdminPasswordChange>;

/** POST /api/admin/users/bulk: the same change for every selected user. */
export const ZAdminBulkUpdate = z.object({
  userIds: z
    .array(z.string().trim().min(1, MESSAGES.atLeastOneUser).max(64, 'User not found'), {
      message: MESSAGES.atLeastOneUser,
    })
    .min(1, MESSAGES.atLeastOneUser)
    .max(500, ADMIN_USER_MESSAGES.tooManyUsers),
  changes: z
    .object(
      {
        role: ZRole.optional(),
        subscriptionTier: ZTier.optional(),
        subscriptionStatus: ZStatus.optional(),
        isActive: z.boolean({ message: ADMIN_USER_MESSAGES.isActive }).optional(),
      },
      { message: ADMIN_USER_MESSAGES.nothingToChange },
    )
    .strict()
    .refine((value) => Object.values(value).some((field) => field !== undefined), {
      message: ADMIN_USER_MESSAGES.nothingToChange,
    }),
});
export type TAdminBulkUpdate = z.infer<typeof ZAdminBulkUpdate>;

export const ZAdminSessionParam = z.object({
  id: z.string().trim().min(1, ADMIN_USER_MESSAGES.userIdRequired).max(64, 'User not found'),
  sessionId: z.string().trim().min(1, 'Session not found').max(64, 'Session not found'),
});
