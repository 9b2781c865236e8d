/** The centred card every accounts screen uses: an icon, the h1, a lead sentence, the body, links. */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ArrowLeft } from 'lucide-react';
import { LogoMark } from '@web/components/logo-mark';
import { Card, CardContent } from '@web/components/ui/card';
import { cn } from '@web/lib/cn';

export interface AuthLayoutProps {
  title: ReactNode;
  description?: ReactNode;
  /** Replaces the brand mark above the title (e.g. a success tick). */
  icon?: ReactNode;
  children: ReactNode;
  /** Links under the card. */
  footer?: ReactNode;
  width?: 'narrow' | 'wide';
  /**
   * Adds the 'Back to home' link under the card (docs/product/routes-and-screens.md#sign-in-screen,
   * docs/product/routes-and-screens.md#register-screen).
   */
  showBackToHome?: boolean;
}

export function AuthLayout({
  title,
  description,
  icon,
  children,
  footer,
  width = 'narrow',
  showBackToHome = false,
}: AuthLayoutProps) {
  return (
    <div className={cn('mx-auto flex w-full flex-col px-4 py-8 sm:py-14', width === 'wide' ? 'max-w-xl' : 'max-w-md')}>
      <Card className="shadow-md">
        <div className="flex flex-col items-center gap-3 px-5 pb-2 pt-7 text-center sm:px-8">
          <span className="inline-flex size-12 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
            {icon ?? <LogoMark />}
          </span>
          <h1 className="font-serif text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
          {description ? <div className="text-sm text-muted-foreground sm:text-base">{description}</div> : null}
        </div>
        <CardContent className="px-5 pb-7 pt-4 sm:px-8">{children}</CardContent>
      </Card>
      {footer ? <div className="mt-6 flex flex-col items-center gap-3 text-center text-sm">{footer}</div> : null}
      {showBackToHome ? (
        <div className="mt-4 flex justify-center">
          <Link
            to="/"
            className="inline-flex min-h-11 items-center gap-1.5 rounded-md px-2 text-sm text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            Back to home
          </Link>
        </div>
      ) : null}
    </div>
  );
}

/** A short success or information note inside a card (role=status, announced politely). */
export function Notice({
  tone = 'info',
  children,
  className,
}: {
  tone?: 'info' | 'success' | 'error';
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn(
        'rounded-md border px-3.5 py-3 text-sm',
        tone === 'success' && 'border-emerald-300 bg-emerald-50 text-emerald-900',
        tone === 'info' && 'border-border bg-secondary text-secondary-foreground',
        tone === 'error' && 'border-destructive/40 bg-destructive/5 text-destructive',
        className,
      )}
    >
      {children}
    </div>
  );
}

export const textLinkClass =
  'font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring rounded-sm';
