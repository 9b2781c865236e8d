/** The e-mail templates: pure functions from data to {subject, text, html} once given a recipient context. */
export { verificationCodeEmail } from './verification-code';
export { passwordResetEmail } from './password-reset';
export { welcomeEmail } from './welcome';
export { emailChangedEmail } from './email-changed';
export { emergencyLoginAlertEmail } from './emergency-login-alert';
export { accountLockedEmail } from './account-locked';
export { alreadyRegisteredEmail } from './already-registered';
export {
  BRAND,
  HIDDEN_CODE,
  redactLink,
  escapeHtml,
  html,
  renderEmail,
  type TEmailContext,
  type TEmailTemplate,
  type TRenderedEmail,
  type TEmailBlock,
} from './layout';
export { paymentReceiptEmail } from './payment-receipt';
export { paymentFailedEmail } from './payment-failed';
export { subscriptionCancelledEmail } from './subscription-cancelled';
export { planChangedEmail } from './plan-changed';
export { trialEndingEmail } from './trial-ending';
export { campaignEmail } from './campaign';
export { feedbackResponseEmail } from './feedback-response';
export { weeklyRecommendationsEmail, newBookAlertEmail, type TEmailedBook } from './recommendations';
export { readingReminderEmail } from './reading-reminder';
export { healthAlertEmail } from './health-alert';
