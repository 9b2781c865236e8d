import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bayesianAverage } from '@shared/reviews';
import { books, loans, readingProgress } from '../../db/schema';
import { problemBody, successBody } from '../../test-utils';
import { setup } from '../selections/selections-test-support';

function bookFigures(t: ReturnType<typeof setup>, bookId: string) {
  return t.db
    .select({ rating: books.rating, totalRatings: books.totalRatings, totalReviews: books.totalReviews })
    .from(books)
    .where(eq(books.id, bookId))
    .get();
}

describe('reviews: write, edit, delete, and the book figures', () => {
  it('keeps one review per reader and book and recomputes rating, totalRatings and totalReviews on each change', async () => {
    const t = setup();
    const [book] = t.books(1);
    const ada = await t.reader('trial');
    const bob = await t.reader('basic', { firstName: 'Bob', lastName: 'stone' });
    const mine = (reader: typeof ada) => reader.api.books[':idOrSlug'].reviews.mine;

    const created = await mine(ada).$put({
      param: { idOrSlug: book.slug },
      json: { rating: 5, reviewTitle: 'Loved it', reviewText: 'A fine book.' },
    });
    expect(created.status).toBe(201);
    expect(await successBody(created)).toMatchObject({ rating: 5, reviewTitle: 'Loved it', isEdited: false });
    expect(bookFigures(t, book.id)).toEqual({ rating: 5, totalRatings: 1, totalReviews: 1 });

    // A rating without words counts as a rating, not a review.
    expect((await mine(bob).$put({ param: { idOrSlug: book.id }, json: { rating: 2 } })).status).toBe(201);
    expect(bookFigures(t, book.id)).toEqual({ rating: 3.5, totalRatings: 2, totalReviews: 1 });

    t.clock.advance(60_000);
    const edited = await mine(ada).$put({
      param: { idOrSlug: book.id },
      json: { rating: 3, reviewText: 'On reflection, fine.' },
    });
    expect(edited.status).toBe(200);
    expect(await successBody(edited)).toMatchObject({ rating: 3, reviewTitle: null, isEdited: true });
    expect(bookFigures(t, book.id)).toEqual({ rating: 2.5, totalRatings: 2, totalReviews: 1 });

    const list = await successBody(
      t.api.books[':idOrSlug'].reviews.$get({ param: { idOrSlug: book.slug }, query: { sort: 'newest' } }),
    );
    expect(list).toMatchObject({ rating: 2.5, totalRatings: 2, totalReviews: 1, total: 2, own: null });
    expect(list.distribution).toEqual([0, 1, 1, 0, 0]);
    expect(list.items.map((item) => item.reviewerName).sort()).toEqual(['Ada L.', 'Bob S.']);
    expect(JSON.stringify(list)).not.toContain('@example.com');

    expect((await mine(ada).$delete({ param: { idOrSlug: book.id } })).status).toBe(200);
    expect(bookFigures(t, book.id)).toEqual({ rating: 2, totalRatings: 1, totalReviews: 0 });
    const again = await mine(ada).$delete({ param: { idOrSlug: book.id } });
    expect(again.status).toBe(404);
  });

  it('answers bad input with problem+json naming the field, never a 500', async () => {
    const t = setup();
    const [book] = t.books(1);
    const ada = await t.reader('trial');
    for (const [body, field, message] of [
      [{ rating: 0 }, 'rating', 'Rating must be a whole number from 1 to 5'],
      [{ rating: 6 }, 'rating', 'Rating must be a whole number from 1 to 5'],
      [{ rating: 2.5 }, 'rating', 'Rating must be a whole number from 1 to 5'],
      [{}, 'rating', 'Rating must be a whole number from 1 to 5'],
      [{ rating: 4, reviewTitle: 'x'.repeat(201) }, 'reviewTitle', 'Title must be at most 200 characters'],
      [{ rating: 4, hasSpoilers: 'yes' }, 'hasSpoilers', 'Spoilers must be true or false'],
    ] as const) {
      const response = await ada.api.books[':idOrSlug'].reviews.mine.$put({
        param: { idOrSlug: book.id },
        // deliberately wrong shapes
        json: body as never,
      });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await problemBody(response)).errors).toContainEqual({ field, message });
    }
    const missing = await ada.api.books[':idOrSlug'].reviews.mine.$put({
      param: { idOrSlug: 'no-such-book' },
      json: { rating: 4 },
    });
    expect(missing.status).toBe(404);
    const badSort = await t.api.books[':idOrSlug'].reviews.$get({
      param: { idOrSlug: book.id },
      query: { sort: 'best' as never },
    });
    expect(badSort.status).toBe(400);
    expect((await problemBody(badSort)).errors).toContainEqual({
      field: 'sort',
      message: 'Sort must be helpful or newest',
    });
    const anonymous = await t.api.books[':idOrSlug'].reviews.mine.$put({
      param: { idOrSlug: book.id },
      json: { rating: 4 },
    });
    expect(anonymous.status).toBe(401);
  });

  it('marks a verified reader only after a loan and a few pages read', async () => {
    const t = setup();
    const [book] = t.books(1);
    const ada = await t.reader('premium');
    const write = () =>
      successBody(ada.api.books[':idOrSlug'].reviews.mine.$put({ param: { idOrSlug: book.id }, json: { rating: 4 } }));
    expect((await write()).isVerifiedReader).toBe(false);
    expect((await ada.api.loans.$post({ json: { bookId: book.id } })).status).toBe(201);
    expect((await write()).isVerifiedReader).toBe(false); // a loan alone is not reading
    t.db
      .insert(readingProgress)
      .values({ userId: ada.user.id, bookId: book.id, currentPage: 2, furthestPage: 2 })
      .run();
    expect((await write()).isVerifiedReader).toBe(false);
    t.db.update(readingProgress).set({ furthestPage: 3 }).where(eq(readingProgress.userId, ada.user.id)).run();
    expect((await write()).isVerifiedReader).toBe(true);
    expect(t.db.select().from(loans).where(eq(loans.userId, ada.user.id)).all()).toHaveLength(1);
  });
});

describe('reviews: helpful votes, sorting, spoilers', () => {
  it('takes one helpful vote per reader, not on one’s own review, undoable; sorts by most helpful', async () => {
    const t = setup();
    const [book] = t.books(1);
    const [ada, bob, cy] = [await t.reader('trial'), await t.reader('trial'), await t.reader('trial')];
    const put = (reader: typeof ada, rating: number) =>
      successBody(
        reader.api.books[':idOrSlug'].reviews.mine.$put({
          param: { idOrSlug: book.id },
          json: { rating, reviewText: `Rated ${rating}`, hasSpoilers: rating === 1 },
        }),
      );
    const adaReview = await put(ada, 4);
    t.clock.advance(1000);
    const bobReview = await put(bob, 1);
    const helpful = (reader: typeof ada) => reader.api.reviews[':id'].helpful;

    const own = await helpful(ada).$put({ param: { id: adaReview.id } });
    expect(own.status).toBe(403);
    expect((await problemBody(own)).detail).toBe('You cannot vote on your own review');

    expect(await successBody(helpful(bob).$put({ param: { id: adaReview.id } }))).toMatchObject({
      helpfulVotes: 1,
    });
    // Voting twice is still one vote.
    expect(await successBody(helpful(bob).$put({ param: { id: adaReview.id } }))).toMatchObject({
      helpfulVotes: 1,
    });
    expect(await successBody(helpful(cy).$put({ param: { id: adaReview.id } }))).toMatchObject({
      helpfulVotes: 2,
    });
    expect(await successBody(helpful(cy).$delete({ param: { id: adaReview.id } }))).toMatchObject({
      helpfulVotes: 1,
      votedHelpful: false,
    });

    const byHelpful = await successBody(
      cy.api.books[':idOrSlug'].reviews.$get({ param: { idOrSlug: book.id }, query: { sort: 'helpful' } }),
    );
    expect(byHelpful.items.map((item) => item.id)).toEqual([adaReview.id, bobReview.id]);
    const byNewest = await successBody(
      bob.api.books[':idOrSlug'].reviews.$get({ param: { idOrSlug: book.id }, query: { sort: 'newest' } }),
    );
    expect(byNewest.items.map((item) => item.id)).toEqual([bobReview.id, adaReview.id]);
    expect(byNewest.items[0]).toMatchObject({ hasSpoilers: true, isOwn: true });
    expect(byNewest.items[1]).toMatchObject({ votedHelpful: true, isOwn: false });
    expect(byNewest.own?.id).toBe(bobReview.id);

    const unknown = crypto.randomUUID();
    expect((await helpful(bob).$put({ param: { id: unknown } })).status).toBe(404);
  });

  it('orders books by a Bayesian average so one 5-star rating does not top the list', async () => {
    expect(bayesianAverage(5, 1)).toBeCloseTo((5 + 35) / 11, 10);
    expect(bayesianAverage(4.6, 200)).toBeCloseTo((920 + 35) / 210, 10);
    expect(bayesianAverage(0, 0)).toBe(3.5);
    const t = setup();
    const [lucky, loved] = t.books(2);
    t.db.update(books).set({ rating: 5, totalRatings: 1 }).where(eq(books.id, lucky.id)).run();
    t.db.update(books).set({ rating: 4.6, totalRatings: 200 }).where(eq(books.id, loved.id)).run();
    const list = await successBody(t.api.books.$get({ query: { sort: 'rating' } }));
    const order = list.items.map((item) => item.id).filter((id) => id === lucky.id || id === loved.id);
    expect(order).toEqual([loved.id, lucky.id]);
  });
});

describe('reviews: reports and moderation', () => {
  it('lets readers report, moderators hide and restore with a reason, and tells the author', async () => {
    const t = setup();
    const [book] = t.books(1);
    const ada = await t.reader('trial');
    const bob = await t.reader('trial');
    const mod = await t.reader('free', { role: 'moderator' });
    const review = await successBody(
      ada.api.books[':idOrSlug'].reviews.mine.$put({
        param: { idOrSlug: book.id },
        json: { rating: 1, reviewText: 'Buy cheap pills at example.test' },
      }),
    );
    const report = (reader: typeof ada, reason: string) =>
      reader.api.reviews[':id'].reports.$post({ param: { id: review.id }, json: { reason } });
    expect((await report(ada, 'Spam')).status).toBe(403);
    const short = await report(bob, 'x');
    expect(short.status).toBe(400);
    expect((await problemBody(short)).errors).toContainEqual({
      field: 'reason',
      message: 'Say why you are reporting this review',
    });
    expect((await report(bob, 'Spam link')).status).toBe(204);
    const twice = await report(bob, 'Spam link');
    expect(twice.status).toBe(409);
    expect((await problemBody(twice)).detail).toBe('You have already reported this review');

    expect((await bob.api.moderation.reviews.$get()).status).toBe(403);
    const queue = await successBody(mod.api.moderation.reviews.$get());
    expect(queue.items).toMatchObject([
      { id: review.id, openReports: 1, reportReasons: ['Spam link'], isApproved: true },
    ]);

    const noReason = await mod.api.moderation.reviews[':id'].$patch({
      param: { id: review.id },
      json: { isApproved: false, reason: '' },
    });
    expect(noReason.status).toBe(400);
    expect((await problemBody(noReason)).errors).toContainEqual({
      field: 'reason',
      message: 'Give a reason the author will see',
    });
    const hidden = await mod.api.moderation.reviews[':id'].$patch({
      param: { id: review.id },
      json: { isApproved: false, reason: 'Advertising is not allowed' },
    });
    expect(hidden.status).toBe(200);
    expect(bookFigures(t, book.id)).toEqual({ rating: 0, totalRatings: 0, totalReviews: 0 });

    const publicList = await successBody(
      t.api.books[':idOrSlug'].reviews.$get({ param: { idOrSlug: book.id }, query: {} }),
    );
    expect(publicList.items).toEqual([]);
    const authorView = await successBody(
      ada.api.books[':idOrSlug'].reviews.$get({ param: { idOrSlug: book.id }, query: {} }),
    );
    expect(authorView.own).toMatchObject({ isApproved: false, moderationReason: 'Advertising is not allowed' });
    // A hidden review takes no votes or reports.
    expect((await bob.api.reviews[':id'].helpful.$put({ param: { id: review.id } })).status).toBe(404);

    const stillQueued = await successBody(mod.api.moderation.reviews.$get());
    expect(stillQueued.items).toMatchObject([{ id: review.id, openReports: 0, isApproved: false }]);
    await mod.api.moderation.reviews[':id'].$patch({
      param: { id: review.id },
      json: { isApproved: true, reason: 'Link removed on appeal' },
    });
    expect(bookFigures(t, book.id)).toEqual({ rating: 1, totalRatings: 1, totalReviews: 1 });
    expect((await successBody(mod.api.moderation.reviews.$get())).items).toEqual([]);
  });
});
