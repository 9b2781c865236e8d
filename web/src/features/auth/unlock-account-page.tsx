/**
 * /auth/unlock?token=...: the link of the "sign-in paused" e-mail. Unlocking waits for a press of the
 * button, so a mail scanner that opens the link does not use it up.
 */
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { LinkIcon, LockOpen, ShieldCheck } from 'lucide-react';
import { ZUnlockAccountRequest } from '@shared/auth.schemas';
import { TOASTS } from '@shared/messages';
import { Button } from '@web/components/ui/button';
import { isApiError } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { expectSuccess, isNetworkError, serverMessage, unlockAccount } from './queries';
import { AuthLayout } from './components/auth-layout';

export default function UnlockAccountPage() {
  useDocumentTitle('Unlock Account');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const [state, setState] = useState<'ready' | 'done' | 'invalid'>(() =>
    ZUnlockAccountRequest.safeParse({ token }).success ? 'ready' : 'invalid',
  );
  const mutation = useMutation({
    mutationFn: () => expectSuccess(unlockAccount({ token })),
    onSuccess: () => setState('done'),
    onError: (error) => {
      if (isNetworkError(error)) {
        toast({ variant: 'destructive', title: 'Not unlocked', description: TOASTS.serverUnreachable });
        return;
      }
      // Only a 400 about the token means the link is dead; anything else may pass on a retry.
      if (isApiError(error) && error.status === 400) {
        setState('invalid');
        return;
      }
      toast({
        variant: 'destructive',
        title: 'Not unlocked',
        description: serverMessage(error) || TOASTS.serverUnreachable,
      });
    },
  });

  if (state === 'invalid') {
    return (
      <AuthLayout
        title="This unlock link is not valid"
        icon={<LinkIcon className="size-6" aria-hidden="true" />}
        description="The link is incomplete, has expired or has already been used. You can still reset your password, which also unlocks your account."
      >
        <Button asChild size="lg" className="w-full">
          <Link to="/auth/forgot-password">Reset my password</Link>
        </Button>
      </AuthLayout>
    );
  }
  if (state === 'done') {
    return (
      <AuthLayout
        title="Account unlocked"
        icon={<ShieldCheck className="size-6" aria-hidden="true" />}
        description={<span role="status">Your account is unlocked. You can sign in now.</span>}
      >
        <Button asChild size="lg" className="w-full">
          <Link to="/auth/login">Sign in</Link>
        </Button>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title="Unlock your account"
      icon={<LockOpen className="size-6" aria-hidden="true" />}
      description="Signing in was paused after several wrong passwords. If you asked for this link, unlock your account and sign in."
    >
      <Button size="lg" className="w-full" disabled={mutation.isPending} onClick={() => mutation.mutate()}>
        {mutation.isPending ? 'Unlocking...' : 'Unlock my account'}
      </Button>
    </AuthLayout>
  );
}
