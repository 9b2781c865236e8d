/**
 * Tells every admin that a health check failed, or that it recovered (docs/product/operations.md#health-checks). The
 * message is the check's own verdict: sizes, ages and counts, never secrets.
 */
import { BRAND, formatEmailDate, greeting, renderEmail, type TEmailTemplate } from './layout';

export function healthAlertEmail(input: {
  firstName: string | null;
  kind: 'failure' | 'recovery';
  check: string;
  message: string;
  at: Date;
}): TEmailTemplate {
  const failed = input.kind === 'failure';
  return (context) =>
    renderEmail({
      subject: failed ? `Health alert: ${input.check} is failing` : `Recovered: ${input.check} is healthy again`,
      preheader: failed ? `${BRAND}: a health check failed after its retries.` : `${BRAND}: a failing check recovered.`,
      heading: failed ? 'A health check is failing' : 'A health check recovered',
      context,
      blocks: [
        { kind: 'paragraph', text: greeting(input.firstName) },
        {
          kind: 'paragraph',
          text: failed
            ? `The check below failed on every retry. Every admin receives this alert; the next one for the same check comes after the cooldown at the earliest.`
            : 'The check below is passing again.',
        },
        {
          kind: 'facts',
          rows: [
            ['Check', input.check],
            ['Result', input.message],
            ['When', formatEmailDate(input.at)],
          ],
        },
        { kind: 'button', label: 'Open the health dashboard', url: `${context.publicUrl}/health-dashboard` },
      ],
    });
}
