import type { LucideIcon } from "lucide-react";
import { Suspense } from "react";
import { Outlet } from "react-router";
import { Logo } from "@/components/logo";
import { PageSkeleton } from "@/components/page-skeleton";

export interface MinimalLayoutProps {
  /** Shown next to the logo, e.g. 'Secure Message Access' (spec §2). */
  label: string;
  icon: LucideIcon;
}

/** For pages opened by people who may have no account: no menus, nothing to distract. */
export function MinimalLayout({ label, icon: Icon }: MinimalLayoutProps) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b bg-card">
        <div className="mx-auto flex h-16 max-w-4xl items-center justify-between gap-4 px-4">
          <Logo variant="public" />
          <p className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
            <Icon className="size-4" aria-hidden="true" />
            {label}
          </p>
        </div>
      </header>
      <main className="flex-1">
        <Suspense fallback={<PageSkeleton />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
