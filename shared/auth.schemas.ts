/**
 * zod request schemas of the accounts feature with the exact messages of docs/product/validation-messages.md. The API
 * validates every request with them; the web forms use them through the zod resolver, so both show the same text.
 */
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, USERNAME_MIN_LENGTH, VERIFICATION_CODE_LENGTH } from './limits';
import { AUTH_MESSAGES, MESSAGES } from './messages';
import { isValidPhone } from './phone';

const requiredText = (message: string, max = 100) =>
  z.string({ message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);

export const ZEmail = z
  .string({ message: MESSAGES.emailInvalid })
  .trim()
  .toLowerCase()
  .max(254, MESSAGES.emailInvalid)
  .pipe(z.email({ message: MESSAGES.emailInvalid }));

export const ZNewPassword = z
  .string({ message: MESSAGES.passwordMin })
  .min(PASSWORD_MIN_LENGTH, MESSAGES.passwordMin)
  .max(PASSWORD_MAX_LENGTH, MESSAGES.passwordMax);

export const ZUsername = z
  .string({ message: MESSAGES.usernameMin })
  .trim()
  .min(USERNAME_MIN_LENGTH, MESSAGES.usernameMin)
  .max(30, 'Username must be at most 30 characters')
  .regex(/^[A-Za-z0-9._-]+$/, 'Username may contain only letters, numbers, dots, hyphens and underscores');

export const ZCountryCode = z
  .string()
  .trim()
  .regex(/^[A-Z]{2}$/, 'Country code must be two capital letters')
  .optional();

export const ZRegisterRequest = z
  .object({
    firstName: requiredText(MESSAGES.firstNameRequired),
    lastName: requiredText(MESSAGES.lastNameRequired),
    phoneNumber: requiredText(MESSAGES.phoneRequired, 32),
    countryCode: ZCountryCode,
    username: ZUsername,
    email: ZEmail,
    password: ZNewPassword,
    confirmPassword: z.string({ message: MESSAGES.passwordsDoNotMatch }),
    deviceFingerprint: z.string().trim().max(128, 'Device fingerprint is too long').optional(),
  })
  .superRefine((value, context) => {
    if (value.phoneNumber && !isValidPhone(value.phoneNumber, value.countryCode)) {
      context.addIssue({ code: 'custom', path: ['phoneNumber'], message: MESSAGES.phoneInvalid });
    }
    if (value.password !== value.confirmPassword) {
      context.addIssue({ code: 'custom', path: ['confirmPassword'], message: MESSAGES.passwordsDoNotMatch });
    }
  });
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;

export const ZLoginRequest = z.object({
  emailOrUsername: z
    .string({ message: MESSAGES.emailOrUsernameRequired })
    .trim()
    .min(1, MESSAGES.emailOrUsernameRequired)
    .max(254, MESSAGES.emailOrUsernameRequired),
  password: z
    .string({ message: MESSAGES.passwordRequired })
    .min(1, MESSAGES.passwordRequired)
    .max(PASSWORD_MAX_LENGTH, MESSAGES.passwordMax),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

const ZUserId = z
  .string({ message: MESSAGES.missingInformation })
  .trim()
  .min(1, MESSAGES.missingInformation)
  .max(64, MESSAGES.missingInformation);

export const ZVerifyOtpRequest = z.object({
  userId: ZUserId,
  code: z
    .string({ message: MESSAGES.invalidCode })
    .regex(new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`), MESSAGES.invalidCode),
});
export type TVerifyOtpRequest = z.infer<typeof ZVerifyOtpRequest>;

export const ZResendOtpRequest = z.object({ userId: ZUserId });
export type TResendOtpRequest = z.infer<typeof ZResendOtpRequest>;

export const ZForgotPasswordRequest = z.object({ email: ZEmail });
export type TForgotPasswordRequest = z.infer<typeof ZForgotPasswordRequest>;

export const ZResetPasswordRequest = z
  .object({
    token: z
      .string({ message: 'Reset link is invalid' })
      .trim()
      .min(16, 'Reset link is invalid')
      .max(256, 'Reset link is invalid'),
    password: ZNewPassword,
    confirmPassword: z.string({ message: MESSAGES.passwordsDoNotMatch }),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ['confirmPassword'],
    message: MESSAGES.passwordsDoNotMatch,
  });
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

export const ZUnlockAccountRequest = z.object({
  token: z
    .string({ message: AUTH_MESSAGES.unlockLinkInvalid })
    .trim()
    .min(16, AUTH_MESSAGES.unlockLinkInvalid)
    .max(256, AUTH_MESSAGES.unlockLinkInvalid),
});
export type TUnlockAccountRequest = z.infer<typeof ZUnlockAccountRequest>;

export const ZSignInLockIdParam = z.object({
  id: z.string().trim().min(1, AUTH_MESSAGES.signInLockNotFound).max(64, AUTH_MESSAGES.signInLockNotFound),
});

export const ZEmergencyLoginRequest = z.object({
  email: ZEmail,
  password: z
    .string({ message: MESSAGES.passwordRequired })
    .min(1, MESSAGES.passwordRequired)
    .max(PASSWORD_MAX_LENGTH, MESSAGES.passwordMax),
});
export type TEmergencyLoginRequest = z.infer<typeof ZEmergencyLoginRequest>;

export const ZUpdateProfileRequest = z
  .object({
    firstName: requiredText(MESSAGES.firstNameRequired).optional(),
    lastName: requiredText(MESSAGES.lastNameRequired).optional(),
    phoneNumber: requiredText(MESSAGES.phoneRequired, 32).optional(),
    countryCode: ZCountryCode,
  })
  .superRefine((value, context) => {
    if (value.phoneNumber && !isValidPhone(value.phoneNumber, value.countryCode)) {
      context.addIssue({ code: 'custom', path: ['phoneNumber'], message: MESSAGES.phoneInvalid });
    }
  });
export type TUpdateProfileRequest = z.infer<typeof ZUpdateProfileRequest>;

export const ZChangePasswordRequest = z
  .object({
    currentPassword: z
      .string({ message: MESSAGES.passwordRequired })
      .min(1, MESSAGES.passwordRequired)
      .max(PASSWORD_MAX_LENGTH, MESSAGES.passwordMax),
    newPassword: ZNewPassword,
    confirmPassword: z.string({ message: MESSAGES.passwordsDoNotMatch }),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    path: ['confirmPassword'],
    message: MESSAGES.passwordsDoNotMatch,
  });
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

/** E-mail categories a reader can opt out of (docs/product/accounts.md#e-mail); transactional mail is always sent. */
export const ZEmailPreferences = z.object({
  marketingEmails: z.boolean({ message: 'Must be true or false' }),
  trialReminders: z.boolean({ message: 'Must be true or false' }),
  subscriptionUpdates: z.boolean({ message: 'Must be true or false' }),
  isUnsubscribedAll: z.boolean({ message: 'Must be true or false' }),
});
export type TEmailPreferences = z.infer<typeof ZEmailPreferences>;

export const ZUnsubscribeRequest = ZEmailPreferences.partial().extend({
  token: z
    .string({ message: 'Unsubscribe link is invalid' })
    .trim()
    .min(16, 'Unsubscribe link is invalid')
    .max(256, 'Unsubscribe link is invalid'),
});
export type TUnsubscribeRequest = z.infer<typeof ZUnsubscribeRequest>;

export const ZDeleteAccountRequest = z.object({
  password: z
    .string({ message: MESSAGES.passwordRequired })
    .min(1, MESSAGES.passwordRequired)
    .max(PASSWORD_MAX_LENGTH, MESSAGES.passwordMax),
  confirmation: z.literal('DELETE', { message: 'Type DELETE to confirm' }),
});
export type TDeleteAccountRequest = z.infer<typeof ZDeleteAccountRequest>;
