/**
 * /auth/register ('Create Account'; docs/product/routes-and-screens.md#register-screen,
 * docs/product/accounts.md#registration). Validation is the shared ZRegisterRequest (the messages of
 * docs/product/validation-messages.md#registration, including the phone-number check, so an invalid number sends
 * nothing). On submit the phone goes out in E.164 with the country detected from it, plus the device fingerprint
 * (docs/product/calls.md#device-fingerprint). If the answer asks for verification, the pending record is saved and
 * after 1 s the reader goes to /auth/verify-email; otherwise the welcome screen shows.
 */
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { PartyPopper } from 'lucide-react';
import { ZRegisterRequest, type TRegisterRequest } from '@shared/auth.schemas';
import { DEFAULT_PHONE_COUNTRY, DELAYS_MS } from '@shared/limits';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { getDeviceFingerprint } from '@web/lib/device-fingerprint';
import { toast } from '@web/lib/toast';
import { useDocumentTitle } from '@web/lib/use-document-title';
import type { z } from 'zod';
import { refreshCurrentUser, register as registerAccount } from './queries';
import { AuthLayout, textLinkClass } from './components/auth-layout';
import { FormField } from '@web/components/forms/form-field';
import { PasswordInput } from '@web/components/forms/password-input';
import { NameAndPhoneFields } from '@web/components/forms/name-and-phone-fields';
import { applyServerFieldErrors, revealFirstInvalidField } from '@web/lib/form-errors';
import { savePendingVerification, verifyEmailPath } from './pending-verification';
import { phonePayload } from '@web/lib/phone-format';
import { registrationErrorToast } from './registration-errors';
import { useDelayedNavigate } from './use-delayed-navigate';

type TRegisterForm = z.input<typeof ZRegisterRequest>;

const SERVER_FIELDS = [
  'firstName',
  'lastName',
  'phoneNumber',
  'countryCode',
  'username',
  'email',
  'password',
  'confirmPassword',
] as const;

export default function RegisterPage() {
  useDocumentTitle('Create Account');
  const queryClient = useQueryClient();
  const navigateLater = useDelayedNavigate();
  const [isReady, setIsReady] = useState(false);
  const [isRedirecting, setIsRedirecting] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const form = useForm<TRegisterForm, unknown, TRegisterRequest>({
    resolver: zodResolver(ZRegisterRequest),
    defaultValues: {
      firstName: '',
      lastName: '',
      phoneNumber: '',
      countryCode: DEFAULT_PHONE_COUNTRY,
      username: '',
      email: '',
      password: '',
      confirmPassword: '',
    },
  });
  const { errors } = form.formState;

  const mutation = useMutation({
    mutationFn: registerAccount,
    onSuccess: (data) => {
      if (data.requiresVerification) {
        setIsRedirecting(true);
        savePendingVerification({ userId: data.userId, email: data.email });
        toast({
          title: 'Account Created!',
          description: 'Please check your email for your 6-digit verification code.',
        });
        navigateLater(verifyEmailPath(data), DELAYS_MS.redirectAfterRegistration);
        return;
      }
      void refreshCurrentUser(queryClient);
      setIsReady(true);
    },
    onError: (error) => {
      applyServerFieldErrors(error, form.setError, SERVER_FIELDS);
      revealFirstInvalidField(formRef.current);
      toast(registrationErrorToast(error));
    },
  });

  const onSubmit = form.handleSubmit(
    (values) => {
      const phone = phonePayload(values.phoneNumber, values.countryCode ?? DEFAULT_PHONE_COUNTRY);
      mutation.mutate({ ...values, ...phone, deviceFingerprint: getDeviceFingerprint() });
    },
    () => revealFirstInvalidField(formRef.current),
  );

  if (isReady) return <WelcomeScreen />;

  const isBusy = mutation.isPending || isRedirecting;

  return (
    <AuthLayout
      title="Create Account"
      description="Create your account to start the 7-day trial. No credit card required."
      width="wide"
      showBackToHome
      footer={
        <p className="text-muted-foreground">
          Already have an account?{' '}
          <Link to="/auth/login" className={textLinkClass}>
            Sign in
          </Link>
        </p>
      }
    >
      <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <NameAndPhoneFields form={form} idPrefix="register" />
        <FormField id="register-username" label="Username" error={errors.username?.message}>
          {(a11y) => (
            <Input
              {...a11y}
              {...form.register('username')}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
            />
          )}
        </FormField>
        <FormField id="register-email" label="Email" error={errors.email?.message}>
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
        <FormField
          id="register-password"
          label="Password"
          error={errors.password?.message}
          hint="At least 8 characters."
        >
          {(a11y) => <PasswordInput {...a11y} {...form.register('password')} autoComplete="new-password" />}
        </FormField>
        <FormField id="register-confirm-password" label="Confirm password" error={errors.confirmPassword?.message}>
          {(a11y) => (
            <PasswordInput
              {...a11y}
              {...form.register('confirmPassword')}
              autoComplete="new-password"
              fieldName="confirm password"
            />
          )}
        </FormField>
        <Button type="submit" size="lg" className="mt-2 w-full" disabled={isBusy}>
          {isBusy ? 'Creating Account...' : 'Create Account'}
        </Button>
      </form>
    </AuthLayout>
  );
}

/**
 * Shown when the account is ready at once because verification is switched off (docs/product/accounts.md#registration).
 */
function WelcomeScreen() {
  return (
    <AuthLayout
      title="Welcome to Wonderful Books!"
      icon={<PartyPopper className="size-6" aria-hidden="true" />}
      description="Your account is ready and your 7-day free trial has started."
    >
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button asChild size="lg" className="flex-1">
          <Link to="/dashboard">Start Reading Now</Link>
        </Button>
        <Button asChild size="lg" variant="outline" className="flex-1">
          <Link to="/bookstore">Browse Books</Link>
        </Button>
      </div>
    </AuthLayout>
  );
}
