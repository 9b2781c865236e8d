/**
 * /auth/login (docs/product/routes-and-screens.md#sign-in-screen): e-mail or username and password. On success:
 * 'Welcome back!' toast, the current user refreshed, and after 500 ms the reader lands by role (or back where the route
 * guard stopped them). An unverified account is sent to the verify-email screen with its user id.
 */
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { ZLoginRequest, type TLoginRequest } from '@shared/auth.schemas';
import { DELAYS_MS } from '@shared/limits';
import { TOASTS } from '@shared/messages';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/lib/toast';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { currentUserQuery, login, refreshCurrentUser, serverMessage, unverifiedLogin } from './queries';
import { AuthLayout, Notice, textLinkClass } from './components/auth-layout';
import { FormField } from '@web/components/forms/form-field';
import { PasswordInput } from '@web/components/forms/password-input';
import { savePendingVerification, verifyEmailPath } from './pending-verification';
import { homePathForRole, isStartTrialArrival, safeRedirectPath } from './redirects';
import { revealFirstInvalidField } from '@web/lib/form-errors';
import { useDelayedNavigate } from './use-delayed-navigate';

export default function LoginPage() {
  useDocumentTitle('Sign In');
  const [searchParams] = useSearchParams();
  const isVerifiedArrival = searchParams.get('verified') === 'true';
  const redirectTo = safeRedirectPath(searchParams.get('redirect'));
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const navigateLater = useDelayedNavigate();
  const [isRedirecting, setIsRedirecting] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // Arriving from 'Start 7-Day Trial': a newcomer, most likely; creating the account comes first.
  const isTrialArrival = isStartTrialArrival(useLocation().state) && !isVerifiedArrival;

  const form = useForm<TLoginRequest>({
    resolver: zodResolver(ZLoginRequest),
    defaultValues: { emailOrUsername: '', password: '' },
  });
  const { errors } = form.formState;

  const mutation = useMutation({
    mutationFn: login,
    onSuccess: async (data) => {
      setIsRedirecting(true);
      toast(TOASTS.welcomeBack);
      // The answer carries the role; only without it does the landing path wait for the refetch.
      const refreshed = refreshCurrentUser(queryClient, data?.user);
      if (!data?.user) await refreshed;
      const user = data?.user ?? queryClient.getQueryData(currentUserQuery.queryKey);
      navigateLater(redirectTo ?? homePathForRole(user?.role), DELAYS_MS.redirectAfterLogin, { replace: true });
    },
    onError: (error) => {
      const unverified = unverifiedLogin(error);
      if (unverified) {
        if (unverified.email) savePendingVerification({ userId: unverified.userId, email: unverified.email });
        toast({
          title: 'Email Not Verified',
          description: serverMessage(error) || 'Please verify your email address with the code we sent you.',
        });
        void navigate(verifyEmailPath(unverified));
        return;
      }
      toast({
        variant: 'destructive',
        title: TOASTS.loginFailed.title,
        description: serverMessage(error) || TOASTS.loginFailed.description,
      });
    },
  });

  const isBusy = mutation.isPending || isRedirecting;

  return (
    <AuthLayout
      title={isTrialArrival ? 'Start your 7-day free trial' : 'Sign in to Wonderful Books'}
      description={
        isTrialArrival
          ? 'Three books of your choice, read in full for 7 days. No credit card required.'
          : 'Welcome back. Pick up your books where you left off.'
      }
      showBackToHome
      footer={
        isTrialArrival ? null : (
          <p className="text-muted-foreground">
            New to Wonderful Books?{' '}
            <Link to="/auth/register" className={textLinkClass}>
              Create one
            </Link>
          </p>
        )
      }
    >
      {isTrialArrival ? (
        <div className="mb-6 flex flex-col gap-4">
          <Button asChild size="lg" className="h-auto min-h-12 w-full whitespace-normal py-3">
            <Link to="/auth/register">Create your account to start the 7-day trial</Link>
          </Button>
          <div className="flex items-center gap-3 text-sm text-muted-foreground">
            <span className="h-px flex-1 bg-border" />
            <h2 className="font-medium">Already have an account? Sign in</h2>
            <span className="h-px flex-1 bg-border" />
          </div>
        </div>
      ) : null}
      {isVerifiedArrival ? (
        <Notice tone="success" className="mb-5">
          Your email has been verified. Sign in to start reading.
        </Notice>
      ) : null}
      <form
        ref={formRef}
        noValidate
        onSubmit={form.handleSubmit(
          (values) => mutation.mutate(values),
          () => revealFirstInvalidField(formRef.current),
        )}
        className="flex flex-col gap-4"
      >
        <FormField id="login-identifier" label="Email or Username" error={errors.emailOrUsername?.message}>
          {(a11y) => (
            <Input
              {...a11y}
              {...form.register('emailOrUsername')}
              type="text"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              inputMode="email"
            />
          )}
        </FormField>
        <FormField
          id="login-password"
          label="Password"
          error={errors.password?.message}
          labelAside={
            <Link to="/auth/forgot-password" className={`${textLinkClass} text-sm`}>
              Forgot password?
            </Link>
          }
        >
          {(a11y) => <PasswordInput {...a11y} {...form.register('password')} autoComplete="current-password" />}
        </FormField>
        <Button
          type="submit"
          size="lg"
          variant={isTrialArrival ? 'outline' : 'default'}
          className="mt-2 w-full"
          disabled={isBusy}
        >
          {isBusy ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
    </AuthLayout>
  );
}
