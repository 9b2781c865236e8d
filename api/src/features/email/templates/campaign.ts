import { BRAND, greeting, renderEmail, type TEmailTemplate } from './layout';

/**
 * A marketing campaign written by an admin (docs/product/admin-money.md#campaigns): the subject and plain-text
 * paragraphs (separated by blank lines) as typed, escaped like every other value, below the reader's greeting.
 */
export function campaignEmail(input: { firstName: string | null; subject: string; body: string }): TEmailTemplate {
  const paragraphs = input.body
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.replace(/\s*\r?\n\s*/g, ' ').trim())
    .filter((paragraph) => paragraph.length > 0);
  return (context) =>
    renderEmail({
      subject: input.subject,
      preheader: paragraphs[0]?.slice(0, 120) ?? `News from ${BRAND}`,
      heading: input.subject,
      context,
      blocks: [
        { kind: 'paragraph', text: greeting(input.firstName) },
        ...paragraphs.map((text) => ({ kind: 'paragraph' as const, text })),
        { kind: 'button', label: `Open ${BRAND}`, url: context.publicUrl },
      ],
    });
}
