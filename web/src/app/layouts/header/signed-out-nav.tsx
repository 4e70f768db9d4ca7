import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";

/** Spec §2, signed out on desktop: 'Sign in' and 'Get Started'. */
export function SignedOutNav() {
  return (
    <nav aria-label="Account" className="flex items-center gap-2">
      <Button asChild variant="ghost">
        <Link to={paths.login}>Sign in</Link>
      </Button>
      <Button asChild>
        <Link to={paths.register}>Get Started</Link>
      </Button>
    </nav>
  );
}
