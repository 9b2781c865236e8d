/**
 * "More like this" on a book page (docs/product/recommendations.md#more-like-this): similar books by text,
 * categories, author and co-reading, for visitors too; nothing personal. Hidden when there is nothing to show.
 */
import { useQuery } from '@tanstack/react-query';
import { similarBooksQueryOptions } from '../queries';
import { RecommendationCard } from './recommendation-card';

export default function MoreLikeThis({ idOrSlug }: { idOrSlug: string }) {
  const similar = useQuery(similarBooksQueryOptions(idOrSlug));
  if (!similar.data || similar.data.items.length === 0) return null;
  return (
    <section aria-labelledby="more-like-this-title" className="mt-12" data-testid="more-like-this">
      <h2 id="more-like-this-title" className="font-serif text-2xl font-semibold">
        More like this
      </h2>
      <ul className="mt-4 flex snap-x gap-4 overflow-x-auto pb-3">
        {similar.data.items.map((item) => (
          <li key={item.book.id} className="w-40 shrink-0 snap-start sm:w-44">
            <RecommendationCard item={item} headingLevel={3} />
          </li>
        ))}
      </ul>
    </section>
  );
}
