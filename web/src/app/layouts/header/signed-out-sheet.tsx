import { Menu } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Sheet, SheetClose, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from "@/components/ui/sheet";
import { paths } from "@/config/paths";

/** Spec §2, signed out on mobile: a side sheet with the same two entries. */
export function SignedOutSheet() {
  return (
    <Sheet>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Open menu">
          <Menu className="size-6" aria-hidden="true" />
        </Button>
      </SheetTrigger>
      <SheetContent>
        <SheetTitle>Menu</SheetTitle>
        <SheetDescription className="sr-only">Sign in or create an account</SheetDescription>
        <nav aria-label="Account" className="mt-4 flex flex-col gap-3">
          <SheetClose asChild>
            <Button asChild variant="outline" size="lg">
              <Link to={paths.login}>Sign in</Link>
            </Button>
          </SheetClose>
          <SheetClose asChild>
            <Button asChild size="lg">
              <Link to={paths.register}>Get Started</Link>
            </Button>
          </SheetClose>
        </nav>
      </SheetContent>
    </Sheet>
  );
}
