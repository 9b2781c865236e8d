/** /email-verified: the confirmation a verification link lands on, with the way on to sign in. */
import { Link } from 'react-router-dom';
import { ShieldCheck } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { AuthLayout } from './components/auth-layout';
import { VERIFIED_LOGIN_PATH } from './redirects';

export default function EmailVerifiedPage() {
  useDocumentTitle('Email Verified');
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
