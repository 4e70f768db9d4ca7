import type { ComponentProps } from "react";
import { useHydrated } from "@/hooks/use-hydrated";

/**
 * A form that takes input only once the app can act on it. A prerendered page (sign-in, register,
 * forgot password) shows its form before the app's code has loaded: what someone typed there
 * would be wiped when the app took over, and a tap on its button would do nothing they could see.
 * So its fields and buttons stay disabled until then (docs/decisions/021-prerendered-pages-and-route-heads.md).
 */
export function Form({ children, ...props }: ComponentProps<"form">) {
  const hydrated = useHydrated();
  return (
    <form noValidate {...props}>
      <fieldset disabled={!hydrated} aria-busy={!hydrated} className="contents">
        {children}
      </fieldset>
    </form>
  );
}
