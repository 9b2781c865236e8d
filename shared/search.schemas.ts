/** zod request schema of the search-suggestion endpoint. */
import { z } from 'zod';

export const ZSuggestQuery = z.object({
  q: z.string({ message: 'Search text is required' }).max(200, 'Search text must be at most 200 characters'),
});
