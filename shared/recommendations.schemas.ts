/** zod request schemas of the recommendations feature (docs/product/recommendations.md#api). */
import { z } from 'zod';

export const ZRecommendationBookParam = z.object({ bookId: z.uuid({ message: 'Book id must be a valid id' }) });

/** A book page is reached by uuid or slug (docs/ARCHITECTURE.md#conventions). */
export const ZSimilarBooksParam = z.object({
  idOrSlug: z
    .string({ message: 'Book id is required' })
    .trim()
    .min(1, 'Book id is required')
    .max(200, 'Book id is too long')
    .regex(/^[A-Za-z0-9-]+$/, 'Book id may contain only letters, digits and hyphens'),
});
