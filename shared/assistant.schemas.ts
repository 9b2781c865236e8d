/** zod request schemas of the book assistant (docs/product/assistant.md#limits; messages in validation-messages.md). */
import { z } from 'zod';
import { ASSISTANT_QUESTION_MAX, ASSISTANT_TITLE_MAX } from './assistant';

export const ZAssistantBookParam = z.object({ id: z.uuid({ message: 'Book id must be a valid id' }) });
export const ZAssistantThreadParam = z.object({ id: z.uuid({ message: 'Conversation id must be a valid id' }) });

const title = z
  .string({ message: 'Title is required' })
  .trim()
  .min(1, 'Title is required')
  .max(ASSISTANT_TITLE_MAX, `Title must be at most ${ASSISTANT_TITLE_MAX} characters`);

export const ZAssistantThreadCreate = z.object({ title: title.optional() });
export type TAssistantThreadCreate = z.input<typeof ZAssistantThreadCreate>;

export const ZAssistantThreadRename = z.object({ title });
export type TAssistantThreadRename = z.input<typeof ZAssistantThreadRename>;

export const ZAssistantQuestion = z.object({
  question: z
    .string({ message: 'Question is required' })
    .trim()
    .min(1, 'Question is required')
    .max(ASSISTANT_QUESTION_MAX, `Question must be at most ${ASSISTANT_QUESTION_MAX} characters`),
  wholeBook: z.boolean({ message: 'Whole book must be true or false' }).optional().default(false),
});
export type TAssistantQuestion = z.input<typeof ZAssistantQuestion>;
