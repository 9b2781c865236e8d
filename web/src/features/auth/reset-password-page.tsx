/**
 * /auth/reset-password?token=...: choose a new password (twice). Success says so and links to sign in
 * (the server has ended every session of the account, so the cached user is refreshed). A missing,
 * invalid or expired token shows a clear message with a link to request a new one.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { KeyRound, LinkIcon, ShieldCheck } from 'lucide-react';
import type { z } from 'zod';
import { ZResetPasswordRequest, type TResetPasswordRequest } from '@shared/auth.schemas';
import { TOASTS } from '@shared/messages';
import { Button } from '@web/components/ui/button';
import { isApiError } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { authKeys, expectSuccess, isNetworkError, resetPassword, serverMessage } from './queries';
import { AuthLayout, textLinkClass } from './components/auth-layout';
import { NewPasswordFields } from '@web/components/forms/new-password-fields';
import { applyServerFieldErrors } from '@web/lib/form-errors';

type TResetForm = z.input<typeof ZResetPasswordRequest>;

function isTokenAcceptable(token: string): boolean {
  return ZResetPasswordRequest.shape.token.safeParse(token).success;
}

/** A rejection about the link itself (not the new password, not a rate limit or outage). */
function isInvalidTokenError(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.problem?.errors?.some((item) => item.field === 'token')) return true;
  return [400, 404, 410].includes(error.status) && !error.problem?.errors?.length;
}

export default function ResetPasswordPage() {
  useDocumentTitle('Reset Password');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const queryClient = useQueryClient();
  const [state, setState] = useState<'form' | 'done' | 'invalid'>(() =>
    isTokenAcceptable(token) ? 'form' : 'invalid',
  );

  const form = useForm<TResetForm, unknown, TResetPasswordRequest>({
    resolver: zodResolver(ZResetPasswordRequest),
    defaultValues: { token, password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const mutation = useMutation({
    mutationFn: (body: TResetPasswordRequest) => expectSuccess(resetPassword(body)),
    onSuccess: () => {
      setState('done');
      void queryClient.invalidateQueries({ queryKey: authKeys.user });
    },
    onError: (error) => {
      if (applyServerFieldErrors(error, form.setError, ['password', 'confirmPassword'] as const) > 0) return;
      if (isInvalidTokenError(error)) {
        setState('invalid');
        return;
      }
      toast({
        variant: 'destructive',
        title: 'Password not changed',
        description: isNetworkError(error)
          ? TOASTS.serverUnreachable
          : serverMessage(error) || 'Something went wrong. Please try again.',
      });
    },
  });

  if (state === 'invalid') {
    return (
      <AuthLayout
        title="This reset link is not valid"
        icon={<LinkIcon className="size-6" aria-hidden="true" />}
        description="The link is incomplete, has expired or has already been used. Request a new one and use the latest email we send."
      >
        <Button asChild size="lg" className="w-full">
          <Link to="/auth/forgot-password">Request a new link</Link>
        </Button>
      </AuthLayout>
    );
  }

  if (state === 'done') {
    return (
      <AuthLayout
        title="Password changed"
        icon={<ShieldCheck className="size-6" aria-hidden="true" />}
        description={
          <span role="status">
            Your password has been reset. For your safety you have been signed out everywhere; sign in with your new
            password.
          </span>
        }
      >
        <Button asChild size="lg" className="w-full">
          <Link to="/auth/login">Sign in</Link>
        </Button>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Choose a new password"
      icon={<KeyRound className="size-6" aria-hidden="true" />}
      description="Pick a password you do not use anywhere else."
      footer={
        <Link to="/auth/login" className={textLinkClass}>
          Back to sign in
        </Link>
      }
    >
      <form
        noValidate
        onSubmit={form.handleSubmit((values) => mutation.mutate(values))}
        className="flex flex-col gap-4"
      >
        <input type="hidden" {...form.register('token')} />
        <NewPasswordFields
          idPrefix="reset"
          password={form.register('password')}
          confirmation={form.register('confirmPassword')}
          passwordError={errors.password?.message}
          confirmationError={errors.confirmPassword?.message}
        />
        <Button type="submit" size="lg" className="w-full" disabled={mutation.isPending}>
          {mutation.isPending ? 'Saving...' : 'Reset password'}
        </Button>
      </form>
    </AuthLayout>
  );
}
