/**
 * The weekly recommendation e-mail and the new-book alert (docs/product/recommendations.md#e-mails): the same books
 * and reasons as the reader's rows; marketing category, so one-click unsubscribe applies.
 */
import { BRAND, greeting, renderEmail, type TEmailBlock, type TEmailTemplate } from './layout';

export interface TEmailedBook {
  title: string;
  author: string;
  /** Why it is recommended ("Because you read X: readers of it also read this"). */
  reason: string;
  /** Absolute path on the site, e.g. /book/<slug>. */
  path: string;
}

function bookBlocks(publicUrl: string, books: readonly TEmailedBook[]): TEmailBlock[] {
  return books.map((book) => ({
    kind: 'paragraph',
    text: `${book.title} by ${book.author}. ${book.reason}. ${publicUrl}${book.path}`,
  }));
}

export function weeklyRecommendationsEmail(input: {
  firstName: string | null;
  sections: readonly { title: string; books: readonly TEmailedBook[] }[];
}): TEmailTemplate {
  return (context) =>
    renderEmail({
      subject: `Your ${BRAND} picks for this week`,
      preheader: input.sections[0]?.books[0]
        ? `${input.sections[0].books[0].title} and more, chosen from your reading.`
        : '',
      heading: 'Books chosen for you this week',
      context,
      blocks: [
        { kind: 'paragraph', text: greeting(input.firstName) },
        {
          kind: 'paragraph',
          text: 'Chosen from what you read, finished and rated. Each book says why it is here.',
        },
        ...input.sections.flatMap((section): TEmailBlock[] => [
          { kind: 'paragraph', text: section.title },
          ...bookBlocks(context.publicUrl, section.books),
        ]),
        { kind: 'button', label: 'See all your recommendations', url: `${context.publicUrl}/dashboard` },
        {
          kind: 'paragraph',
          text: 'You get this e-mail once a week because weekly recommendations are on in your profile.',
        },
      ],
    });
}

export function newBookAlertEmail(input: { firstName: string | null; books: readonly TEmailedBook[] }): TEmailTemplate {
  const first = input.books[0]!;
  return (context) =>
    renderEmail({
      subject:
        input.books.length === 1
          ? `New on ${BRAND}: ${first.title} by ${first.author}`
          : `${input.books.length} new books on ${BRAND} for you`,
      preheader: `${first.title} by ${first.author} is new in the catalogue.`,
      heading: input.books.length === 1 ? 'A new book for you' : 'New books for you',
      context,
      blocks: [
        { kind: 'paragraph', text: greeting(input.firstName) },
        ...bookBlocks(context.publicUrl, input.books),
        { kind: 'button', label: `Open ${first.title}`, url: `${context.publicUrl}${first.path}` },
        {
          kind: 'paragraph',
          text: 'You get these alerts because new book alerts are on in your profile, for your favourite authors and genres.',
        },
      ],
    });
}
