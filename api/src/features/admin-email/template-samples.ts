/**
 * Every e-mail the service sends, with sample data for the admin preview and the "send a test to yourself" action
 * (docs/product/admin-money.md#e-mail-management). Sample codes and links are made up: they open nothing.
 */
import { FREE_TRIAL_DAYS } from '@shared/limits';
import type { TEmailCategory } from '../email/email.service';
import {
  accountLockedEmail,
  alreadyRegisteredEmail,
  campaignEmail,
  emailChangedEmail,
  emergencyLoginAlertEmail,
  passwordResetEmail,
  paymentFailedEmail,
  paymentReceiptEmail,
  planChangedEmail,
  subscriptionCancelledEmail,
  trialEndingEmail,
  readingReminderEmail,
  verificationCodeEmail,
  welcomeEmail,
  type TEmailTemplate,
} from '../email/templates';

export interface TTemplateSample {
  id: string;
  name: string;
  category: TEmailCategory;
  render: (options: { publicUrl: string; firstName: string | null; at: Date }) => TEmailTemplate;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const SAMPLE_TOKEN = 'sample-link-opens-nothing';

export const TEMPLATE_SAMPLES: readonly TTemplateSample[] = [
  {
    id: 'verification_code',
    name: 'Verification code',
    category: 'transactional',
    render: ({ firstName }) => verificationCodeEmail({ firstName, code: '000000', expiresInMinutes: 10 }),
  },
  {
    id: 'welcome',
    name: 'Welcome',
    category: 'transactional',
    render: ({ firstName }) => welcomeEmail({ firstName, trialDays: FREE_TRIAL_DAYS }),
  },
  {
    id: 'password_reset',
    name: 'Password reset',
    category: 'transactional',
    render: ({ firstName, publicUrl }) =>
      passwordResetEmail({
        firstName,
        resetUrl: `${publicUrl}/auth/reset-password?token=${SAMPLE_TOKEN}`,
        expiresInMinutes: 60,
      }),
  },
  {
    id: 'account_locked',
    name: 'Sign-in paused (account locked)',
    category: 'transactional',
    render: ({ firstName, publicUrl }) =>
      accountLockedEmail({
        firstName,
        unlockUrl: `${publicUrl}/auth/unlock?token=${SAMPLE_TOKEN}`,
        resetUrl: `${publicUrl}/auth/forgot-password`,
        expiresInMinutes: 60,
      }),
  },
  {
    id: 'already_registered',
    name: 'Already registered',
    category: 'transactional',
    render: ({ firstName, publicUrl }) =>
      alreadyRegisteredEmail({
        firstName,
        signInUrl: `${publicUrl}/auth/login`,
        resetUrl: `${publicUrl}/auth/forgot-password`,
      }),
  },
  {
    id: 'email_changed',
    name: 'E-mail address changed',
    category: 'transactional',
    render: ({ firstName, at }) =>
      emailChangedEmail({ firstName, oldEmail: 'old@example.com', newEmail: 'new@example.com', changedAt: at }),
  },
  {
    id: 'emergency_login_alert',
    name: 'Emergency login alert',
    category: 'transactional',
    render: ({ firstName, at }) =>
      emergencyLoginAlertEmail({ firstName, accountEmail: 'admin@example.com', ipAddress: '203.0.113.7', at }),
  },
  {
    id: 'payment_receipt',
    name: 'Payment receipt',
    category: 'transactional',
    render: ({ firstName, at }) =>
      paymentReceiptEmail({
        firstName,
        invoiceNumber: 'WB-2025-000042',
        description: 'Premium Plan, 1 month',
        amountPaid: 999,
        currency: 'GBP',
        paidAt: at,
        receiptPath: '/billing',
      }),
  },
  {
    id: 'payment_failed',
    name: 'Payment failed',
    category: 'transactional',
    render: ({ firstName, at }) =>
      paymentFailedEmail({
        firstName,
        planName: 'Basic Plan',
        amountDue: 599,
        currency: 'GBP',
        graceEndsAt: new Date(at.getTime() + 3 * DAY_MS),
      }),
  },
  {
    id: 'subscription_cancelled',
    name: 'Subscription cancelled',
    category: 'subscriptionUpdates',
    render: ({ firstName, at }) =>
      subscriptionCancelledEmail({
        firstName,
        planName: 'Premium Plan',
        accessUntil: new Date(at.getTime() + 12 * DAY_MS),
      }),
  },
  {
    id: 'plan_changed',
    name: 'Plan changed',
    category: 'subscriptionUpdates',
    render: ({ firstName, at }) =>
      planChangedEmail({
        firstName,
        fromPlan: 'Premium Plan',
        toPlan: 'Basic Plan',
        effectiveAt: new Date(at.getTime() + 12 * DAY_MS),
        immediate: false,
      }),
  },
  {
    id: 'trial_ending_2_days',
    name: 'Trial ends in 2 days',
    category: 'trialReminders',
    render: ({ firstName, at }) =>
      trialEndingEmail({ firstName, trialEndsAt: new Date(at.getTime() + 2 * DAY_MS), daysLeft: 2 }),
  },
  {
    id: 'trial_ending_today',
    name: 'Trial ends today',
    category: 'trialReminders',
    render: ({ firstName, at }) =>
      trialEndingEmail({ firstName, trialEndsAt: new Date(at.getTime() + 6 * 60 * 60 * 1000), daysLeft: 0 }),
  },
  {
    id: 'reading_reminder',
    name: 'Reading reminder (streak)',
    category: 'readingReminders',
    render: ({ firstName, publicUrl }) =>
      readingReminderEmail({
        firstName,
        streakDays: 6,
        stopUrl: `${publicUrl}/unsubscribe?token=sample-token-opens-nothing&list=reading-reminders`,
      }),
  },
  {
    id: 'marketing_campaign',
    name: 'Marketing campaign',
    category: 'marketing',
    render: ({ firstName }) =>
      campaignEmail({
        firstName,
        subject: 'New this month at Wonderful Books',
        body: 'Twelve new titles joined the catalogue this month.\n\nOpen the app to see what is new in your favourite categories.',
      }),
  },
];

export function findTemplateSample(id: string): TTemplateSample | undefined {
  return TEMPLATE_SAMPLES.find((sample) => sample.id === id);
}
