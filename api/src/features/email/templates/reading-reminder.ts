/** Sent in the reader's evening when their day streak would break tonight (docs/product/reading-stats.md#reading-reminder). */
import { greeting, renderEmail, type TEmailTemplate } from './layout';

export function readingReminderEmail(input: {
  firstName: string | null;
  streakDays: number;
  stopUrl: string;
}): TEmailTemplate {
  const streak = `${input.streakDays}-day reading streak`;
  return (context) =>
    renderEmail({
      subject: `Keep your ${streak} going`,
      preheader: 'A few pages tonight keep it alive.',
      heading: `Your ${streak} ends tonight`,
      context,
      blocks: [
        { kind: 'paragraph', text: greeting(input.firstName) },
        {
          kind: 'paragraph',
          text: `You have read every day for ${input.streakDays} ${input.streakDays === 1 ? 'day' : 'days'}, but not yet today. A page counts after five seconds on it: a few pages before bed keep the streak going.`,
        },
        { kind: 'button', label: 'Continue reading', url: `${context.publicUrl}/library` },
        { kind: 'paragraph', text: "Don't want these reminders? One click switches them off:" },
        { kind: 'button', label: 'Stop reading reminders', url: input.stopUrl },
      ],
    });
}
