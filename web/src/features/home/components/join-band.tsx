import { Link } from 'react-router-dom';
import { Button } from '@web/components/ui/button';

/** The signed-out visitor's sign-in and register links (docs/product/routes-and-screens.md#landing-page). */
export function JoinBand() {
  return (
    <section aria-labelledby="join-title" className="bg-primary text-primary-foreground">
      <div className="mx-auto flex max-w-5xl flex-col items-center gap-6 px-4 py-14 text-center sm:px-6">
        <h2 id="join-title" className="font-serif text-3xl font-bold">
          Your next great read is waiting
        </h2>
        <p className="max-w-xl text-primary-foreground/80">
          Create an account to start your 7-day free trial — no credit card required.
        </p>
        <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <Button asChild size="lg" variant="accent">
            <Link to="/auth/register">Create an account</Link>
          </Button>
          <Button
            asChild
            size="lg"
            variant="outline"
            className="border-primary-foreground/40 bg-transparent text-primary-foreground hover:bg-primary-foreground/10"
          >
            <Link to="/auth/login">Sign in</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
