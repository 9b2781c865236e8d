/** Exact user-facing texts of SPEC §5-§8 that both the API and the web app show. */
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

/** Toast titles and bodies of SPEC §2, §6 and §8. */
export const TOASTS = {
  welcomeBack: { title: 'Welcome back!', description: 'You have successfully logged in.' },
  loginFailed: { title: 'Login Failed', description: 'Please check your credentials and try again.' },
  freeTrialNotAvailable: {
    title: 'Free Trial Not Available',
    description: 'This free trial offer has already been used. Please upgrade to a paid plan to continue.',
  },
  rateLimited: { title: 'Rate Limited', description: 'Too many registration attempts. Please try again later.' },
  temporarilyBlocked: { title: 'Temporarily Blocked', description: 'Account creation temporarily blocked. Please try again later.' },
  registrationFailed: { title: 'Registration Failed', description: 'Something went wrong. Please try again.' },
  verificationFailed: { title: 'Verification Failed', description: 'Invalid or expired code. Please try again.' },
  resendFailed: { title: 'Failed to Resend', description: 'Unable to send verification code. Please try again.' },
  codeSent: { title: 'Code Sent!', description: 'A new verification code has been sent to your email.' },
  emergencyLoginFailed: { title: 'Login failed', description: 'Please check your credentials' },
  serverUnreachable: 'Unable to connect to server',
  logoutFailed: { title: 'Logout failed', description: 'Something went wrong during logout.' },
  authenticationRequired: { title: 'Authentication Required', description: 'You need to be logged in to access this page.' },
  subscriptionRequired: { title: 'Subscription Required', description: 'You need an active subscription to access this content.' },
  accessDenied: { title: 'Access Denied', description: "You don't have permission to access this page." },
  unauthorized: { title: 'Unauthorized', description: 'You are logged out. Logging in again...' },
} as const;

/**
 * Fragments the registration endpoint's error messages must contain, because the client picks the
 * SPEC §8 toast by looking for them in the server message.
 */
export const REGISTRATION_ERROR_MARKERS = {
  trialUsed: 'already used',
  tooMany: 'Too many',
  blocked: 'temporarily blocked',
} as const;
