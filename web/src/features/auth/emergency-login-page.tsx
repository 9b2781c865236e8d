/**
 * /emergency-login (docs/product/routes-and-screens.md#emergency-login-screen, docs/product/decisions.md#4): a
 * break-glass path that grants a premium super-admin session. It is off unless the server is configured for it; then
 * the page explains that. The local demo enables it and the page is pre-filled with the demo account, clearly marked as
 * demo credentials.
 */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { AlertTriangle, LifeBuoy, RotateCw } from 'lucide-react';
import type { z } from 'zod';
import { ZEmergencyLoginRequest, type TEmergencyLoginRequest } from '@shared/auth.schemas';
import { TOASTS } from '@shared/messages';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/lib/toast';
import { useDocumentTitle } from '@web/lib/use-document-title';
import {
  emergencyLogin,
  expectSuccess,
  emergencyConfigQuery,
  isNetworkError,
  refreshCurrentUser,
  serverMessage,
  type TEmergencyConfig,
} from './queries';
import { AuthLayout, Notice, textLinkClass } from './components/auth-layout';
import { FormField } from '@web/components/forms/form-field';
import { PasswordInput } from '@web/components/forms/password-input';

export default function EmergencyLoginPage() {
  useDocumentTitle('Emergency Login');
  const config = useQuery(emergencyConfigQuery);

  if (config.isPending) return <Spinner label="Loading..." className="min-h-[50vh] py-16" />;

  if (config.isError) {
    return (
      <AuthLayout
        title="Emergency Login"
        icon={<AlertTriangle className="size-6 text-destructive" aria-hidden="true" />}
      >
        <Notice tone="error">{TOASTS.serverUnreachable}. Please check your connection and try again.</Notice>
        <Button
          variant="outline"
          className="mt-4 w-full"
          onClick={() => void config.refetch()}
          disabled={config.isFetching}
        >
          <RotateCw aria-hidden="true" className={config.isFetching ? 'animate-spin' : undefined} />
          Try again
        </Button>
      </AuthLayout>
    );
  }

  if (!config.data.enabled) {
    return (
      <AuthLayout
        title="Emergency Login"
        icon={<LifeBuoy className="size-6" aria-hidden="true" />}
        description="Emergency login is switched off."
        showBackToHome
      >
        <p className="text-sm text-muted-foreground">
          This break-glass path only works when an administrator enables it in the server configuration for a named
          account. It is disabled on this server, so please sign in with your own account.
        </p>
        <Button asChild size="lg" className="mt-5 w-full">
          <Link to="/auth/login">Go to Sign In</Link>
        </Button>
      </AuthLayout>
    );
  }

  return <EmergencyLoginForm config={config.data} />;
}

function EmergencyLoginForm({ config }: { config: TEmergencyConfig }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm<z.input<typeof ZEmergencyLoginRequest>, unknown, TEmergencyLoginRequest>({
    resolver: zodResolver(ZEmergencyLoginRequest),
    defaultValues: { email: config.demo?.email ?? '', password: config.demo?.password ?? '' },
  });
  const { errors } = form.formState;

  const mutation = useMutation({
    mutationFn: (body: TEmergencyLoginRequest) => expectSuccess(emergencyLogin(body)),
    onSuccess: async (data) => {
      const firstName = data.user?.firstName?.trim();
      toast({
        title: firstName ? `Welcome, ${firstName}!` : 'Welcome!',
        description: data.message || 'You are signed in with premium super admin access.',
      });
      await refreshCurrentUser(queryClient);
      void navigate('/dashboard', { replace: true });
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: TOASTS.emergencyLoginFailed.title,
        description: isNetworkError(error)
          ? TOASTS.serverUnreachable
          : serverMessage(error) || TOASTS.emergencyLoginFailed.description,
      });
    },
  });

  return (
    <AuthLayout
      title="Emergency Login"
      icon={<LifeBuoy className="size-6" aria-hidden="true" />}
      description="Break-glass access for testing: signs you in as a premium super admin. Every use is audited and reported to the super admins."
      showBackToHome
      footer={
        <Link to="/auth/login" className={textLinkClass}>
          Use the normal sign-in instead
        </Link>
      }
    >
      {config.demo ? (
        <Notice className="mb-5">
          <strong className="font-semibold">Demo credentials.</strong> The fields are pre-filled with the demo account,
          a premium super admin. They only work on this local demo.
        </Notice>
      ) : null}
      <form
        noValidate
        onSubmit={form.handleSubmit((values) => mutation.mutate(values))}
        className="flex flex-col gap-4"
      >
        <FormField id="emergency-email" label="Email" error={errors.email?.message}>
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
        <FormField id="emergency-password" label="Password" error={errors.password?.message}>
          {(a11y) => <PasswordInput {...a11y} {...form.register('password')} autoComplete="current-password" />}
        </FormField>
        <Button type="submit" size="lg" className="mt-2 w-full" disabled={mutation.isPending}>
          {mutation.isPending ? 'Signing in...' : 'Login as Premium User'}
        </Button>
      </form>
    </AuthLayout>
  );
}
