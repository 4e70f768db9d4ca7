import type { ReactNode } from "react";
import { Logo } from "@/components/logo";

export type HeaderVariant = "public" | "app";

/** The header's first row: the logo, and on the right whatever the account state calls for. */
export function HeaderBar({ variant, children }: { variant: HeaderVariant; children: ReactNode }) {
  return (
    <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
      <Logo variant={variant} />
      {children}
    </div>
  );
}
