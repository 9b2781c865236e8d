/**
 * The reader's own review of a book: stars 1 to 5, an optional title and text, and a spoiler mark
 * (docs/product/reviews-and-challenges.md#reviews). The server's field messages are shown as they come.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { z } from 'zod';
import { REVIEW_TEXT_MAX, REVIEW_TITLE_MAX, type TOwnReview } from '@shared/reviews';
import { ZReviewInput } from '@shared/reviews.schemas';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { FieldError, FormField } from '@web/components/forms/form-field';
import { describeError, isApiError } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { cn } from '@web/lib/cn';
import { refreshAfterReviewChange, saveReview } from '../queries';

/** The form holds the rating as text (radio values) and turns it into a number before validation. */
const ZReviewForm = ZReviewInput.extend({ rating: z.coerce.number().pipe(ZReviewInput.shape.rating) });
type TReviewFormInput = z.input<typeof ZReviewForm>;
type TReviewForm = z.output<typeof ZReviewForm>;

const STARS = [1, 2, 3, 4, 5] as const;

export function ReviewForm({
  bookId,
  own,
  onDone,
  onSaved,
}: {
  bookId: string;
  own: TOwnReview | null;
  onDone: () => void;
  onSaved: () => unknown;
}) {
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<TReviewFormInput, unknown, TReviewForm>({
    resolver: zodResolver(ZReviewForm),
    defaultValues: {
      rating: own ? String(own.rating) : undefined,
      reviewTitle: own?.reviewTitle ?? '',
      reviewText: own?.reviewText ?? '',
      hasSpoilers: own?.hasSpoilers ?? false,
    },
  });
  const { errors } = form.formState;
  const chosen = Number(form.watch('rating') ?? 0);
  const save = useMutation({
    mutationFn: (values: TReviewForm) => saveReview(bookId, values),
    onMutate: () => setRefusal(null),
    onSuccess: async () => {
      toast({ title: own ? 'Your review is updated' : 'Thank you for your review' });
      await Promise.all([refreshAfterReviewChange(queryClient), onSaved()]);
      onDone();
    },
    onError: (error) => {
      const fieldErrors = isApiError(error) ? (error.problem?.errors ?? []) : [];
      for (const fieldError of fieldErrors) {
        if (['rating', 'reviewTitle', 'reviewText', 'hasSpoilers'].includes(fieldError.field)) {
          form.setError(fieldError.field as keyof TReviewFormInput, { message: fieldError.message });
        }
      }
      if (fieldErrors.length === 0) setRefusal(describeError(error) || 'Your review could not be saved.');
    },
  });

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
      className="flex flex-col gap-4 rounded-xl border border-border bg-card p-4 sm:p-5"
      aria-label={own ? 'Edit your review' : 'Write a review'}
    >
      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={errors.rating ? 'review-rating-error' : undefined}
        aria-invalid={errors.rating ? true : undefined}
      >
        <legend className="mb-1 text-sm font-medium">Your rating</legend>
        <div className="flex gap-1">
          {STARS.map((star) => (
            <label key={star} className="cursor-pointer rounded-md p-1 focus-within:ring-2 focus-within:ring-ring">
              <input type="radio" value={String(star)} className="sr-only" {...form.register('rating')} />
              <span className="sr-only">
                {star} {star === 1 ? 'star' : 'stars'}
              </span>
              <Star
                aria-hidden="true"
                className={cn('size-7 text-star', star <= chosen ? 'fill-star' : 'fill-transparent')}
                strokeWidth={1.5}
              />
            </label>
          ))}
        </div>
        <FieldError id="review-rating" message={errors.rating?.message} />
      </fieldset>
      <FormField
        id="review-title"
        label="Title (optional)"
        error={errors.reviewTitle?.message}
        hint={`Up to ${REVIEW_TITLE_MAX} characters.`}
      >
        {(a11y) => <Input {...a11y} {...form.register('reviewTitle')} autoComplete="off" />}
      </FormField>
      <FormField
        id="review-text"
        label="Your review (optional)"
        error={errors.reviewText?.message}
        hint={`Up to ${REVIEW_TEXT_MAX} characters.`}
      >
        {(a11y) => (
          <textarea
            rows={5}
            className="rounded-md border border-input bg-background px-3 py-2 text-sm"
            {...a11y}
            {...form.register('reviewText')}
          />
        )}
      </FormField>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="size-4" {...form.register('hasSpoilers')} />
        It gives away the plot (readers click to see the text)
      </label>
      {refusal && (
        <p
          role="alert"
          className="rounded-lg border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm text-destructive"
        >
          {refusal}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : own ? 'Save changes' : 'Post review'}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
