import { ArrowRight, ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { useAuth } from "@/lib/auth/auth-context";

export function Hero() {
  const { user } = useAuth();
  return (
    <section className="bg-gradient-to-b from-secondary/60 to-background">
      <div className="mx-auto flex max-w-4xl flex-col items-center gap-6 px-4 py-20 text-center sm:py-28">
        <p className="inline-flex items-center gap-2 rounded-full border bg-card px-3 py-1 text-xs font-medium text-muted-foreground">
          <ShieldCheck className="size-3.5 text-primary" aria-hidden="true" />A dead man&apos;s switch for the words
          that matter
        </p>
        <h1 className="text-4xl font-semibold tracking-tight text-balance sm:text-5xl">
          If something happens to you, the right people will know.
        </h1>
        <p className="max-w-2xl text-lg text-pretty text-muted-foreground">
          Trigger Switch keeps the messages you write safe and private. If you stop checking in, or press the emergency
          button, they are delivered to the people you chose. Until then, nobody sees them.
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          {user ? (
            <Button asChild size="lg">
              <Link to={paths.dashboard}>
                Go to your dashboard <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          ) : (
            <>
              <Button asChild size="lg">
                <Link to={paths.register}>
                  Get Started <ArrowRight aria-hidden="true" />
                </Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link to={paths.login}>Sign in</Link>
              </Button>
            </>
          )}
        </div>
      </div>
    </section>
  );
}
