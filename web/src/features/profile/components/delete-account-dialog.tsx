/**
 * 'Delete my account': a Radix dialog that says what happens, asks for the password and for DELETE
 * typed out, then calls DELETE /api/me. On success the cached user is forgotten and the browser does
 * a full redirect to / (with a confirmation queued for the new page).
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as Dialog from '@radix-ui/react-dialog';
import { Trash2 } from 'lucide-react';
import type { z } from 'zod';
import { ZDeleteAccountRequest, type TDeleteAccountRequest } from '@shared/auth.schemas';
import { DialogFormActions, DialogPanel } from '@web/components/ui/dialog';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { isApiError } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { serverMessage } from '@web/features/auth/queries';
import { FormField } from '@web/components/forms/form-field';
import { PasswordInput } from '@web/components/forms/password-input';
import { queueFlashToast } from '@web/features/auth/flash-toast';
import { applyServerFieldErrors } from '@web/lib/form-errors';
import { clearCachedUser } from '@web/features/auth/queries';
import { deleteAccount } from '../queries';

export const ACCOUNT_DELETED_TOAST = {
  title: 'Account deleted',
  description: 'Your account and personal data have been deleted. We are sorry to see you go.',
} as const;

type TDeleteForm = z.input<typeof ZDeleteAccountRequest>;

export function DeleteAccountDialog() {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const form = useForm<TDeleteForm, unknown, TDeleteAccountRequest>({
    resolver: zodResolver(ZDeleteAccountRequest),
    defaultValues: { password: '', confirmation: '' as 'DELETE' },
  });
  const { errors } = form.formState;

  const mutation = useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      clearCachedUser(queryClient);
      toast(ACCOUNT_DELETED_TOAST);
      queueFlashToast(ACCOUNT_DELETED_TOAST);
      window.location.assign('/');
    },
    onError: (error) => {
      if (applyServerFieldErrors(error, form.setError, ['password', 'confirmation'] as const) > 0) return;
      if (isApiError(error) && [400, 401, 403].includes(error.status)) {
        form.setError(
          'password',
          { type: 'server', message: serverMessage(error) || 'Your password is not correct.' },
          { shouldFocus: true },
        );
        return;
      }
      toast({
        variant: 'destructive',
        title: 'Account not deleted',
        description: serverMessage(error) || 'Something went wrong. Please try again.',
      });
    },
  });

  function handleOpenChange(next: boolean) {
    if (mutation.isPending) return;
    setOpen(next);
    if (!next) form.reset();
  }

  return (
    <Dialog.Root open={open} onOpenChange={handleOpenChange}>
      <Dialog.Trigger asChild>
        <Button
          variant="outline"
          className="w-full border-destructive/50 text-destructive hover:bg-destructive/5 sm:w-auto"
        >
          <Trash2 aria-hidden="true" />
          Delete my account
        </Button>
      </Dialog.Trigger>
      <DialogPanel title="Delete your account?" size="lg">
        <Dialog.Description asChild>
          <div className="mt-3 flex flex-col gap-2 text-sm text-muted-foreground">
            <p>This cannot be undone. When you delete your account:</p>
            <ul className="list-disc space-y-1 pl-5">
              <li>you are signed out on every device and can no longer sign in;</li>
              <li>your profile, library, reading progress, bookmarks and offline books are removed;</li>
              <li>your subscription or free trial ends;</li>
              <li>only a record that the account was deleted stays in our security log.</li>
            </ul>
            <p>If you want a copy of your data, download it first.</p>
          </div>
        </Dialog.Description>
        <form
          noValidate
          onSubmit={form.handleSubmit((values) => mutation.mutate(values))}
          className="mt-5 flex flex-col gap-4"
        >
          <FormField id="delete-password" label="Your password" error={errors.password?.message}>
            {(a11y) => <PasswordInput {...a11y} {...form.register('password')} autoComplete="current-password" />}
          </FormField>
          <FormField
            id="delete-confirmation"
            label={
              <>
                Type <strong>DELETE</strong> to confirm
              </>
            }
            error={errors.confirmation?.message}
          >
            {(a11y) => (
              <Input
                {...a11y}
                {...form.register('confirmation')}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
              />
            )}
          </FormField>
          <DialogFormActions
            className="mt-2"
            isPending={mutation.isPending}
            submitVariant="destructive"
            submitLabel="Delete my account permanently"
            pendingLabel="Deleting..."
          />
        </form>
      </DialogPanel>
    </Dialog.Root>
  );
}
