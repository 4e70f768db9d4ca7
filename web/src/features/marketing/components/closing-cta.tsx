import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { useAuth } from "@/lib/auth/auth-context";

export function ClosingCta() {
  const { user } = useAuth();
  return (
    <section className="bg-primary text-primary-foreground">
      <div className="mx-auto flex max-w-4xl flex-col items-center gap-5 px-4 py-16 text-center">
        <h2 className="text-3xl font-semibold tracking-tight text-balance">Peace of mind takes a few minutes.</h2>
        <p className="max-w-2xl text-primary-foreground/85">
          Write it once, keep it up to date, and check in now and then. If the day comes, your words reach the people
          who need them.
        </p>
        <Button asChild size="lg" variant="secondary">
          <Link to={user ? paths.dashboard : paths.register}>
            {user ? "Go to your dashboard" : "Create your account"}
          </Link>
        </Button>
      </div>
    </section>
  );
}
