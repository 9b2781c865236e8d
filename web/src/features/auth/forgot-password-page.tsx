/**
 * /auth/forgot-password: asks for the e-mail address and then always shows the same neutral
 * confirmation, whatever the server answered, so the screen never reveals whether an account exists.
 * Only a failure to reach the server at all is reported, so the reader knows to try again.
 */
import { DemoMailboxLink } from '@web/features/demo-mailbox/demo-mailbox-link';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { KeyRound, MailCheck } from 'lucide-react';
import type { z } from 'zod';
import { ZForgotPasswordRequest, type TForgotPasswordRequest } from '@shared/auth.schemas';
import { TOASTS } from '@shared/messages';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/lib/toast';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { forgotPassword, isNetworkError } from './queries';
import { AuthLayout, textLinkClass } from './components/auth-layout';
import { FormField } from '@web/components/forms/form-field';

export const FORGOT_PASSWORD_CONFIRMATION =
  'If an account exists for that email address, we have sent it a link to reset your password. Check your inbox (and your spam folder).';

export default function ForgotPasswordPage() {
  useDocumentTitle('Forgot Password');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<z.input<typeof ZForgotPasswordRequest>, unknown, TForgotPasswordRequest>({
    resolver: zodResolver(ZForgotPasswordRequest),
    defaultValues: { email: '' },
  });

  const mutation = useMutation({
    mutationFn: forgotPassword,
    onSettled: (_data, error, variables) => {
      if (error && isNetworkError(error)) {
        toast({ variant: 'destructive', title: 'Request failed', description: TOASTS.serverUnreachable });
        return;
      }
      setSentTo(variables.email);
    },
  });

  const backToSignIn = (
    <Link to="/auth/login" className={textLinkClass}>
      Back to sign in
    </Link>
  );

  if (sentTo) {
    return (
      <AuthLayout
        title="Check your email"
        icon={<MailCheck className="size-6" aria-hidden="true" />}
        footer={backToSignIn}
      >
        <p role="status" className="text-center text-sm text-muted-foreground sm:text-base">
          {FORGOT_PASSWORD_CONFIRMATION}
        </p>
        <DemoMailboxLink to={sentTo} className="mt-4" />
        <Button variant="outline" className="mt-5 w-full" onClick={() => setSentTo(null)}>
          Use a different email
        </Button>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Forgot your password?"
      icon={<KeyRound className="size-6" aria-hidden="true" />}
      description="Enter the email address of your account and we will send you a link to choose a new password."
      footer={backToSignIn}
    >
      <form
        noValidate
        onSubmit={form.handleSubmit((values) => mutation.mutate(values))}
        className="flex flex-col gap-4"
      >
        <FormField id="forgot-email" label="Email" error={form.formState.errors.email?.message}>
          {(a11y) => (
            <Input
              {...a11y}
              {...form.register('email')}
              type="email"
              autoComplete="email"
              inputMode="email"
              spellCheck={false}
            />
          )}
        </FormField>
        <Button type="submit" size="lg" className="w-full" disabled={mutation.isPending}>
          {mutation.isPending ? 'Sending...' : 'Send reset link'}
        </Button>
      </form>
    </AuthLayout>
  );
}
