/**
 * Revoking a loan (docs/product/back-office.md#loans): the admin writes the reason the reader will see, and confirms
 * what happens: the reader loses the book at once on every device.
 */
import { useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ZAdminLoanRevoke, type TAdminLoanRevoke, type TAdminLoanRow } from '@shared/admin-loans';
import { FormField } from '@web/components/forms/form-field';
import { Button } from '@web/components/ui/button';
import { DialogPanel } from '@web/components/ui/dialog';
import { describeError } from '@web/lib/api';
import { applyServerFieldErrors } from '@web/lib/form-errors';
import { toast } from '@web/lib/toast';
import { revokeLoan } from './queries';

export function RevokeLoanDialog({ loan, onDone }: { loan: TAdminLoanRow; onDone: () => Promise<unknown> }) {
  const [open, setOpen] = useState(false);
  const form = useForm<TAdminLoanRevoke>({ resolver: zodResolver(ZAdminLoanRevoke), defaultValues: { reason: '' } });
  const { errors, isSubmitting } = form.formState;
  async function submit(values: TAdminLoanRevoke) {
    try {
      const result = await revokeLoan(loan.id, values.reason);
      toast({
        title: 'Loan revoked',
        description: `${loan.bookTitle}: ${result.licensesRevoked} licence${result.licensesRevoked === 1 ? '' : 's'} ended.`,
      });
      setOpen(false);
      form.reset();
      await onDone();
    } catch (error) {
      if (applyServerFieldErrors(error, form.setError, ['reason']) === 0) {
        toast({ title: 'Could not revoke the loan', description: describeError(error), variant: 'destructive' });
      }
    }
  }
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !isSubmitting && setOpen(next)}>
      <Dialog.Trigger asChild>
        <Button type="button" size="sm" variant="outline">
          Revoke
        </Button>
      </Dialog.Trigger>
      <DialogPanel title="Revoke this loan?" closeDisabled={isSubmitting}>
        <Dialog.Description className="mt-2 text-sm text-muted-foreground">
          {loan.userName || loan.userEmail} loses <strong>{loan.bookTitle}</strong> at once: its licences end now and
          downloads are wiped when each device next goes online. They cannot open it again until you restore it.
        </Dialog.Description>
        <form onSubmit={form.handleSubmit(submit)} noValidate className="mt-4 flex flex-col gap-4">
          <FormField
            id="revoke-reason"
            label="Reason"
            error={errors.reason?.message}
            hint="The reader sees this when they try to open the book."
          >
            {(a11y) => (
              <textarea
                rows={3}
                className="rounded-md border border-input bg-background px-3 py-2 text-sm"
                {...a11y}
                {...form.register('reason')}
              />
            )}
          </FormField>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Dialog.Close asChild>
              <Button type="button" variant="outline" disabled={isSubmitting}>
                Cancel
              </Button>
            </Dialog.Close>
            <Button type="submit" variant="destructive" disabled={isSubmitting}>
              {isSubmitting ? 'Revoking...' : 'Revoke loan'}
            </Button>
          </div>
        </form>
      </DialogPanel>
    </Dialog.Root>
  );
}
