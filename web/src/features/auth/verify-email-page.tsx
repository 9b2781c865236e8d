/**
 * /auth/verify-email (docs/product/accounts.md#verification-codes): one 6-digit code input. The user id and e-mail come
 * from the query (userId, email), falling back to the pending record saved at registration. Success removes the record;
 * the right code signs the reader in, so the screen welcomes them and goes to /dashboard after 2 s (an answer without a
 * session, such as an account verified before, shows 'Email Verified!' and goes to /auth/login?verified=true). A
 * failure clears the code. Resend is disabled while it is sending. In the local demo a link opens the mailbox.
 */
import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { MailCheck, ShieldCheck } from 'lucide-react';
import { DELAYS_MS, VERIFICATION_CODE_LENGTH } from '@shared/limits';
import { MESSAGES, TOASTS } from '@shared/messages';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/lib/toast';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { expectSuccess, refreshCurrentUser, resendOtp, serverMessage, verifyOtp } from './queries';
import { DemoMailboxLink } from '@web/features/demo-mailbox/demo-mailbox-link';
import { AuthLayout, textLinkClass } from './components/auth-layout';
import { clearPendingVerification, readPendingVerification } from './pending-verification';
import { VERIFIED_LOGIN_PATH } from './redirects';
import { useDelayedNavigate } from './use-delayed-navigate';

/** Where a reader signed in by their code lands: the dashboard, which welcomes a new reader. */
const WELCOME_PATH = '/dashboard';

/** Only digits are kept, at most 6 (docs/product/validation-messages.md#verification-code). */
export function keepCodeDigits(text: string): string {
  return text.replace(/\D/g, '').slice(0, VERIFICATION_CODE_LENGTH);
}

function showMissingInformation() {
  toast({ variant: 'destructive', title: MESSAGES.missingInformationTitle, description: MESSAGES.missingInformation });
}

export default function VerifyEmailPage() {
  useDocumentTitle('Verify Your Email');
  const [searchParams] = useSearchParams();
  const [pending] = useState(readPendingVerification);
  const userId = searchParams.get('userId')?.trim() || pending?.userId || '';
  const email = searchParams.get('email')?.trim() || pending?.email || '';
  const [code, setCode] = useState('');
  const [isVerified, setIsVerified] = useState<false | 'verified' | 'signed-in'>(false);
  const queryClient = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const navigateLater = useDelayedNavigate();

  const verify = useMutation({
    mutationFn: (body: { userId: string; code: string }) => expectSuccess(verifyOtp(body)),
    onSuccess: async (data) => {
      clearPendingVerification();
      // The right code signs the reader in (docs/product/accounts.md#verification-codes): no second password entry.
      const signedIn = data.signedIn === true;
      if (signedIn) await refreshCurrentUser(queryClient);
      setIsVerified(signedIn ? 'signed-in' : 'verified');
      navigateLater(signedIn ? WELCOME_PATH : VERIFIED_LOGIN_PATH, DELAYS_MS.redirectAfterVerification, {
        replace: true,
      });
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: TOASTS.verificationFailed.title,
        description: serverMessage(error) || TOASTS.verificationFailed.description,
      });
      setCode('');
      inputRef.current?.focus();
    },
  });

  const resend = useMutation({
    mutationFn: (body: { userId: string }) => expectSuccess(resendOtp(body)),
    onSuccess: () => toast(TOASTS.codeSent),
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: TOASTS.resendFailed.title,
        description: serverMessage(error) || TOASTS.resendFailed.description,
      });
    },
  });

  function submitCode() {
    if (verify.isPending) return;
    if (!userId) return showMissingInformation();
    if (code.length !== VERIFICATION_CODE_LENGTH) {
      toast({ variant: 'destructive', title: MESSAGES.invalidCodeTitle, description: MESSAGES.invalidCode });
      return;
    }
    verify.mutate({ userId, code });
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    submitCode();
  }

  // The button is disabled until 6 digits are in; Enter still answers, with 'Invalid Code' if short.
  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    submitCode();
  }

  function handleResend() {
    if (!userId) return showMissingInformation();
    resend.mutate({ userId });
  }

  if (isVerified === 'signed-in') {
    return (
      <AuthLayout
        title="Welcome to Wonderful Books!"
        icon={<ShieldCheck className="size-6" aria-hidden="true" />}
        description="Your email is verified and you are signed in. Your 7-day free trial has started."
      >
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button asChild size="lg" className="flex-1">
            <Link to={WELCOME_PATH} replace>
              Start Reading Now
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline" className="flex-1">
            <Link to="/bookstore">Browse Books</Link>
          </Button>
        </div>
      </AuthLayout>
    );
  }

  if (isVerified) {
    return (
      <AuthLayout
        title="Email Verified!"
        icon={<ShieldCheck className="size-6" aria-hidden="true" />}
        description="Your email address is confirmed. Taking you to sign in..."
      >
        <Button asChild size="lg" className="w-full">
          <Link to={VERIFIED_LOGIN_PATH} replace>
            Sign In Now
          </Link>
        </Button>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Verify Your Email"
      icon={<MailCheck className="size-6" aria-hidden="true" />}
      description={
        email ? (
          <>
            We sent a 6-digit code to <strong className="break-all font-semibold text-foreground">{email}</strong>.
            Enter it below.
          </>
        ) : (
          'Enter the 6-digit code from your verification email.'
        )
      }
      footer={
        <p className="text-muted-foreground">
          Wrong address or no account yet?{' '}
          <Link to="/auth/register" className={textLinkClass}>
            Register again
          </Link>
        </p>
      }
    >
      <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
        <DemoMailboxLink to={email || null} />
        <div className="flex flex-col gap-1.5">
          <label htmlFor="verification-code" className="text-sm font-medium">
            Verification code
          </label>
          <Input
            ref={inputRef}
            id="verification-code"
            name="code"
            value={code}
            onChange={(event) => setCode(keepCodeDigits(event.target.value))}
            onKeyDown={handleKeyDown}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            aria-describedby="verification-code-hint"
            placeholder="000000"
            className="h-14 text-center font-mono text-2xl tracking-[0.5em] sm:text-2xl"
          />
          <p id="verification-code-hint" className="text-xs text-muted-foreground">
            The code is valid for 10 minutes.
          </p>
        </div>
        <Button
          type="submit"
          size="lg"
          className="w-full"
          disabled={code.length !== VERIFICATION_CODE_LENGTH || verify.isPending}
        >
          {verify.isPending ? 'Verifying...' : 'Verify Email'}
        </Button>
        <Button
          type="button"
          variant="outline"
          size="lg"
          className="w-full"
          onClick={handleResend}
          disabled={resend.isPending}
        >
          {resend.isPending ? 'Sending...' : 'Resend Code'}
        </Button>
      </form>
    </AuthLayout>
  );
}
