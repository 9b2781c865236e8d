/**
 * /email-verified: the confirmation after a verification just made in this tab (router state `{verified: true}`,
 * docs/product/accounts.md#verification-codes). Reached any other way (a bookmark, a typed address, no state) it makes
 * no success claim: it says what the page is for and leads to the code screen or sign-in.
 */
import { Link, useLocation } from 'react-router-dom';
import { MailQuestion, ShieldCheck } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { AuthLayout } from './components/auth-layout';
import { VERIFIED_LOGIN_PATH } from './redirects';

function isJustVerified(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { verified?: unknown }).verified === true;
}

export default function EmailVerifiedPage() {
  const justVerified = isJustVerified(useLocation().state);
  useDocumentTitle(justVerified ? 'Email Verified' : 'Verify Your Email');
  if (!justVerified) {
    return (
      <AuthLayout
        title="Verify your email"
        icon={<MailQuestion className="size-6" aria-hidden="true" />}
        description="Nothing has been verified on this page. To verify your address, enter the 6-digit code from the email we sent you."
        showBackToHome
      >
        <div className="flex flex-col gap-3">
          <Button asChild size="lg" className="w-full">
            <Link to="/auth/verify-email">Enter my code</Link>
          </Button>
          <Button asChild size="lg" variant="outline" className="w-full">
            <Link to="/auth/login">Sign In</Link>
          </Button>
        </div>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title="Email Verified!"
      icon={<ShieldCheck className="size-6" aria-hidden="true" />}
      description="Thank you for confirming your email address. Your account is ready: sign in to start reading."
      showBackToHome
    >
      <Button asChild size="lg" className="w-full">
        <Link to={VERIFIED_LOGIN_PATH}>Sign In</Link>
      </Button>
    </AuthLayout>
  );
}
