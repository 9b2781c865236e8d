/** zod schemas of the site content admins edit (docs/product/site-content.md): the static pages' records. */
import { z } from 'zod';
import { FAQ_TOPICS, SITE_PAGE_KEYS, SITE_PAGE_MESSAGES as M } from './site-pages';

export const ZSitePage = z.object({
  title: z.string({ message: M.title }).trim().min(1, M.title).max(200, M.title),
  summary: z.string({ message: M.summary }).trim().max(500, M.summary),
  body: z.string({ message: M.body }).max(50_000, M.body),
  faq: z
    .array(
      z.object({
        topic: z.enum(FAQ_TOPICS, { message: M.faqTopic }),
        question: z.string({ message: M.faq }).trim().min(1, M.faq).max(300, M.faq),
        answer: z.string({ message: M.faq }).trim().min(1, M.faq).max(5000, M.faq),
      }),
      { message: M.faq },
    )
    .max(100, M.faq)
    .default([]),
});

/** The records admins may write: the homepage and the footer's pages. */
export const EDITABLE_PAGE_KEYS = ['homepage', ...SITE_PAGE_KEYS] as const;
export type TEditablePageKey = (typeof EDITABLE_PAGE_KEYS)[number];
export const ZEditablePageKeyParam = z.object({ key: z.enum(EDITABLE_PAGE_KEYS, { message: M.key }) });
