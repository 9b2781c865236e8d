/**
 * Exact user-facing texts that both the API and the web app show (docs/product/validation-messages.md,
 * docs/product/errors.md#toasts).
 */
export const MESSAGES = {
  required: 'Required',
  invalidInput: 'Invalid input',
  emailOrUsernameRequired: 'Email or username is required',
  passwordRequired: 'Password is required',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Please enter a valid phone number',
  usernameMin: 'Username must be at least 3 characters',
  emailInvalid: 'Please enter a valid email',
  passwordMin: 'Password must be at least 8 characters',
  passwordMax: 'Password must be at most 128 characters',
  passwordsDoNotMatch: 'Passwords do not match',
  missingInformationTitle: 'Missing Information',
  missingInformation: 'User information is missing. Please try registering again.',
  invalidCodeTitle: 'Invalid Code',
  invalidCode: 'Please enter the complete 6-digit verification code.',
  adminEmailInvalid: 'Invalid email address',
  atLeastOneUser: 'At least one user must be selected',
  commentEmpty: 'Comment cannot be empty',
  commentTooLong: 'Comment too long',
} as const;

/** Toast titles and bodies (docs/product/errors.md#toasts). */
export const TOASTS = {
  welcomeBack: { title: 'Welcome back!', description: 'You have successfully logged in.' },
  loginFailed: { title: 'Login Failed', description: 'Please check your credentials and try again.' },
  freeTrialNotAvailable: {
    title: 'Free Trial Not Available',
    description: 'This free trial offer has already been used. Please upgrade to a paid plan to continue.',
  },
  rateLimited: { title: 'Rate Limited', description: 'Too many registration attempts. Please try again later.' },
  temporarilyBlocked: {
    title: 'Temporarily Blocked',
    description: 'Account creation temporarily blocked. Please try again later.',
  },
  registrationFailed: { title: 'Registration Failed', description: 'Something went wrong. Please try again.' },
  verificationFailed: { title: 'Verification Failed', description: 'Invalid or expired code. Please try again.' },
  resendFailed: { title: 'Failed to Resend', description: 'Unable to send verification code. Please try again.' },
  codeSent: { title: 'Code Sent!', description: 'A new verification code has been sent to your email.' },
  emergencyLoginFailed: { title: 'Login failed', description: 'Please check your credentials' },
  serverUnreachable: 'Unable to connect to server',
  logoutFailed: { title: 'Logout failed', description: 'Something went wrong during logout.' },
  authenticationRequired: {
    title: 'Authentication Required',
    description: 'You need to be logged in to access this page.',
  },
  subscriptionRequired: {
    title: 'Subscription Required',
    description: 'You need an active subscription to access this content.',
  },
  accessDenied: { title: 'Access Denied', description: "You don't have permission to access this page." },
  unauthorized: { title: 'Unauthorized', description: 'You are logged out. Logging in again...' },
} as const;

/**
 * Fragments the registration endpoint's error messages must contain, because the client picks the
 * toast of docs/product/errors.md#toasts by looking for them in the server message.
 */
export const REGISTRATION_ERROR_MARKERS = {
  trialUsed: 'already used',
  tooMany: 'Too many',
  blocked: 'temporarily blocked',
} as const;

/**
 * Server messages of the accounts API (the `detail` of its problem+json answers and the `message` of
 * its action answers). The web app shows them as they come; the registration ones contain
 * REGISTRATION_ERROR_MARKERS so the client can pick the toast of docs/product/errors.md#toasts.
 */
export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email/username or password',
  emailNotVerified: 'Please verify your email address before signing in. Enter the 6-digit code we sent you.',
  accountDisabled: 'This account has been deactivated. Please contact support.',
  tooManyLoginAttempts: 'Too many sign-in attempts. Please try again later.',
  tooManyRequests: 'Too many requests. Please try again later.',
  usernameTaken: 'This username is already taken',
  tooManyRegistrations: TOASTS.rateLimited.description,
  registrationBlocked: TOASTS.temporarilyBlocked.description,
  registeredVerify: 'Account created. Enter the 6-digit code we sent to your email.',
  invalidCode: 'Invalid verification code. Please try again.',
  codeExpired: 'This verification code has expired. Please request a new code.',
  codeLocked: 'Too many incorrect attempts. Please request a new code.',
  noActiveCode: 'No verification code is active. Please request a new code.',
  emailVerified: 'Email verified successfully. You can now sign in.',
  alreadyVerified: 'Your email is already verified. You can sign in.',
  codeResent: 'If your account still needs verification, a new code has been sent to your email.',
  resendTooSoon: 'Please wait a minute before requesting another code.',
  resetLinkSent: 'If an account exists for that email, we have sent a link to reset your password.',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
  passwordReset: 'Your password has been reset. Please sign in with your new password.',
  accountUnlocked: 'Your account is unlocked. You can sign in now.',
  unlockLinkInvalid: 'This unlock link is invalid, used or expired. You can reset your password instead.',
  signInLockNotFound: 'This lock has already ended or been cleared.',
  /** Shown when an account was created without a free trial (docs/product/trial-policy.md). */
  trialDeclined:
    'Your account is ready, but it does not include a free trial: our records suggest a free trial was already used by you or from this device or connection. You can choose a plan to start reading. If you think this is a mistake, reply to any of our e-mails or contact support and we will look into it.',
  emergencyDisabled: 'Emergency login is not enabled.',
  emergencyInvalid: 'Invalid emergency login credentials.',
  emergencyNotAllowed: 'Emergency login is not available for this account.',
  emergencyTooMany: 'Too many emergency login attempts. Please try again later.',
} as const;
