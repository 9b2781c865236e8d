/**
 * Create or edit a challenge (docs/product/reviews-and-challenges.md#reading-challenges), in a dialog. The form's
 * strings become the API's input and are checked by the same shared schema (ZChallengeInput) the API uses, so the
 * messages match; the server's field errors land on the same fields. Dates are the reader's local days: the start at
 * its first moment, the end at the end of the last day.
 */
import { useState, type ReactElement } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  CHALLENGE_DIFFICULTIES,
  CHALLENGE_DURATIONS,
  CHALLENGE_TYPE_LABELS,
  CHALLENGE_TYPES,
  CHALLENGE_UNITS,
  type TChallengeDetail,
  type TChallengeDuration,
} from '@shared/challenges';
import { ZChallengeInput, type TChallengeInput } from '@shared/challenges.schemas';
import { DialogFormActions, DialogPanel } from '@web/components/ui/dialog';
import { FormField } from '@web/components/forms/form-field';
import { Input } from '@web/components/ui/input';
import { describeError, isApiError } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { createChallenge, refreshChallenges, updateChallenge } from '../queries';
import { addDaysToLocalDate, localDateOf, localDayEnd, localDayStart } from '../dates';

const ZForm = z
  .object({
    title: z.string(),
    description: z.string(),
    type: z.enum(CHALLENGE_TYPES),
    targetValue: z.string(),
    duration: z.enum(CHALLENGE_DURATIONS),
    difficulty: z.enum(CHALLENGE_DIFFICULTIES),
    startDate: z.string(),
    endDate: z.string(),
    maxParticipants: z.string(),
    rules: z.string(),
    tags: z.string(),
    prize: z.string(),
  })
  .transform(
    (form): TChallengeInput => ({
      title: form.title,
      description: form.description,
      type: form.type,
      targetValue: form.targetValue.trim() === '' ? Number.NaN : Number(form.targetValue),
      duration: form.duration,
      difficulty: form.difficulty,
      startDate: localDayStart(form.startDate),
      endDate: localDayEnd(form.endDate),
      maxParticipants: form.maxParticipants.trim() === '' ? null : Number(form.maxParticipants),
      rules: form.rules
        .split('\n')
        .map((rule) => rule.trim())
        .filter(Boolean),
      tags: form.tags
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
      prize: form.prize,
    }),
  )
  .pipe(ZChallengeInput);
type TFormInput = z.input<typeof ZForm>;
type TForm = z.output<typeof ZForm>;
type TFieldName = keyof TFormInput;

/** The end a weekly or monthly challenge proposes: 7 days, or a month, from the start (the last day included). */
function proposedEnd(start: string, duration: TChallengeDuration): string | null {
  if (!start || duration === 'custom') return null;
  if (duration === 'weekly') return addDaysToLocalDate(start, 6);
  const [year, month, day] = start.split('-').map(Number) as [number, number, number];
  const sameDayNextMonth = new Date(year, month, day);
  return addDaysToLocalDate(localDateOf(sameDayNextMonth.getTime()), -1);
}

function toForm(challenge: TChallengeDetail | null): TFormInput {
  if (!challenge) {
    const today = localDateOf(Date.now());
    return {
      title: '',
      description: '',
      type: 'pages_count',
      targetValue: '',
      duration: 'weekly',
      difficulty: 'medium',
      startDate: today,
      endDate: proposedEnd(today, 'weekly') ?? today,
      maxParticipants: '',
      rules: '',
      tags: '',
      prize: '',
    };
  }
  return {
    title: challenge.title,
    description: challenge.description,
    type: challenge.type,
    targetValue: String(challenge.targetValue),
    duration: challenge.duration,
    difficulty: challenge.difficulty,
    startDate: localDateOf(Date.parse(challenge.startDate)),
    endDate: localDateOf(Date.parse(challenge.endDate) - 1),
    maxParticipants: challenge.maxParticipants === null ? '' : String(challenge.maxParticipants),
    rules: challenge.rules.join('\n'),
    tags: challenge.tags.join(', '),
    prize: challenge.prize ?? '',
  };
}

const selectClass = 'h-10 w-full rounded-md border border-input bg-background px-2 text-sm';
const textareaClass = 'w-full rounded-md border border-input bg-background px-3 py-2 text-sm';

export function ChallengeFormDialog({
  challenge,
  trigger,
}: {
  /** null to create a new one. */
  challenge: TChallengeDetail | null;
  trigger: ReactElement;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      {open && <ChallengeForm challenge={challenge} onDone={() => setOpen(false)} />}
    </Dialog.Root>
  );
}

function ChallengeForm({ challenge, onDone }: { challenge: TChallengeDetail | null; onDone: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<TFormInput, unknown, TForm>({ resolver: zodResolver(ZForm), defaultValues: toForm(challenge) });
  const errors = form.formState.errors;
  const type = form.watch('type');
  const duration = form.watch('duration');
  const unit = CHALLENGE_UNITS[type].many;

  const proposeEnd = (start: string, nextDuration: TChallengeDuration) => {
    const end = proposedEnd(start, nextDuration);
    if (end) form.setValue('endDate', end, { shouldValidate: form.formState.isSubmitted });
  };

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const saved = challenge ? await updateChallenge(challenge.id, input) : await createChallenge(input);
      await refreshChallenges(queryClient);
      toast({ title: challenge ? 'Challenge saved' : 'Challenge created' });
      onDone();
      if (!challenge) navigate(`/challenges/${saved.id}`);
    } catch (error) {
      const fieldErrors = isApiError(error) ? (error.problem?.errors ?? []) : [];
      const names = Object.keys(toForm(null));
      const placed = fieldErrors.filter((fieldError) => names.includes(fieldError.field.split('.')[0]!));
      for (const fieldError of placed) {
        form.setError(fieldError.field.split('.')[0] as TFieldName, { message: fieldError.message });
      }
      if (placed.length === 0) {
        toast({
          variant: 'destructive',
          title: challenge ? "Couldn't save the challenge" : "Couldn't create the challenge",
          description: describeError(error) || 'Something went wrong. Please try again.',
        });
      }
    }
  });

  const listError = (field: 'rules' | 'tags') => {
    // A list's own error (too many) or the first of its items' errors ('rules.0').
    const error = errors[field] as unknown as Record<string, unknown> | undefined;
    if (!error) return undefined;
    if (typeof error.message === 'string') return error.message;
    const item = Object.values(error).find(
      (value): value is { message: string } =>
        typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string',
    );
    return item?.message;
  };

  return (
    <DialogPanel title={challenge ? 'Edit challenge' : 'Create a challenge'} size="lg">
      <Dialog.Description className="mt-2 text-sm text-muted-foreground">
        Progress counts itself from reading between the start and the end, by the dashboard's rules.
      </Dialog.Description>
      <form noValidate onSubmit={onSubmit} className="mt-4 flex flex-col gap-4">
        <FormField id="challenge-title" label="Title" error={errors.title?.message}>
          {(a11y) => <Input {...a11y} autoComplete="off" {...form.register('title')} />}
        </FormField>
        <FormField id="challenge-description" label="Description" error={errors.description?.message}>
          {(a11y) => <textarea rows={3} className={textareaClass} {...a11y} {...form.register('description')} />}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="challenge-type" label="What counts" error={errors.type?.message}>
            {(a11y) => (
              <select className={selectClass} {...a11y} {...form.register('type')}>
                {CHALLENGE_TYPES.map((value) => (
                  <option key={value} value={value}>
                    {CHALLENGE_TYPE_LABELS[value]}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField id="challenge-target" label={`Target (${unit})`} error={errors.targetValue?.message}>
            {(a11y) => <Input type="number" inputMode="numeric" min={1} {...a11y} {...form.register('targetValue')} />}
          </FormField>
          <FormField id="challenge-duration" label="Duration" error={errors.duration?.message}>
            {(a11y) => (
              <select
                className={selectClass}
                {...a11y}
                {...form.register('duration', {
                  onChange: (event) =>
                    proposeEnd(form.getValues('startDate'), event.target.value as TChallengeDuration),
                })}
              >
                <option value="weekly">Weekly</option>
                <option value="monthly">Monthly</option>
                <option value="custom">Custom dates</option>
              </select>
            )}
          </FormField>
          <FormField id="challenge-difficulty" label="Difficulty" error={errors.difficulty?.message}>
            {(a11y) => (
              <select className={selectClass} {...a11y} {...form.register('difficulty')}>
                <option value="easy">Easy</option>
                <option value="medium">Medium</option>
                <option value="hard">Hard</option>
              </select>
            )}
          </FormField>
          <FormField id="challenge-start" label="Starts on" error={errors.startDate?.message}>
            {(a11y) => (
              <Input
                type="date"
                {...a11y}
                {...form.register('startDate', {
                  onChange: (event) => proposeEnd(event.target.value, form.getValues('duration')),
                })}
              />
            )}
          </FormField>
          <FormField
            id="challenge-end"
            label="Ends on (last day)"
            error={errors.endDate?.message}
            hint={duration === 'custom' ? undefined : 'Set from the start and the duration; you can change it.'}
          >
            {(a11y) => <Input type="date" {...a11y} {...form.register('endDate')} />}
          </FormField>
          <FormField
            id="challenge-max"
            label="Maximum participants"
            error={errors.maxParticipants?.message}
            hint="Leave empty for no limit."
          >
            {(a11y) => (
              <Input type="number" inputMode="numeric" min={1} {...a11y} {...form.register('maxParticipants')} />
            )}
          </FormField>
          <FormField id="challenge-prize" label="Prize (optional)" error={errors.prize?.message}>
            {(a11y) => <Input {...a11y} {...form.register('prize')} />}
          </FormField>
        </div>
        <FormField id="challenge-rules" label="Rules (one a line)" error={listError('rules')}>
          {(a11y) => <textarea rows={3} className={textareaClass} {...a11y} {...form.register('rules')} />}
        </FormField>
        <FormField id="challenge-tags" label="Tags (comma separated)" error={listError('tags')}>
          {(a11y) => <Input {...a11y} placeholder="classics, summer" {...form.register('tags')} />}
        </FormField>
        <DialogFormActions
          isPending={form.formState.isSubmitting}
          submitLabel={challenge ? 'Save challenge' : 'Create challenge'}
          pendingLabel="Saving..."
        />
      </form>
    </DialogPanel>
  );
}
