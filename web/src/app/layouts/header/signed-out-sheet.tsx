import { Menu, X } from "lucide-react";
import { useId, useRef } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";

/**
 * Spec §2, signed out on mobile: a side sheet with the same two entries. A native popover: it opens,
 * closes on Escape or a tap outside, and its links work before the app's code has run (the public
 * pages are prerendered and may load the app only when the visitor first interacts, main.tsx).
 */
export function SignedOutSheet() {
  const id = useId();
  const sheet = useRef<HTMLDivElement>(null);
  // After the app starts the links navigate in place, under a header that stays: close the sheet.
  const close = () => sheet.current?.hidePopover?.();
  return (
    <>
      <Button variant="ghost" size="icon" aria-label="Open menu" popoverTarget={id}>
        <Menu className="size-6" aria-hidden="true" />
      </Button>
      {/* No display utility on the popover itself: the browser hides it with display: none until it opens. */}
      <div
        ref={sheet}
        id={id}
        popover="auto"
        role="dialog"
        aria-label="Menu"
        className="fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-3/4 max-w-sm border-0 border-l bg-background p-6 text-foreground shadow-lg backdrop:bg-black/50"
      >
        <div className="flex items-center justify-between">
          <h2 className="text-lg font-semibold">Menu</h2>
          <Button variant="ghost" size="icon" aria-label="Close menu" popoverTarget={id} popoverTargetAction="hide">
            <X className="size-5" aria-hidden="true" />
          </Button>
        </div>
        <p className="sr-only">Sign in or create an account</p>
        <nav aria-label="Account" className="mt-4 flex flex-col gap-3">
          <Button asChild variant="outline" size="lg">
            <Link to={paths.login} onClick={close}>
              Sign in
            </Link>
          </Button>
          <Button asChild size="lg">
            <Link to={paths.register} onClick={close}>
              Get Started
            </Link>
          </Button>
        </nav>
      </div>
    </>
  );
}
