import { Suspense, useEffect } from "react";
import { Outlet } from "react-router";
import { PageSkeleton } from "@/components/page-skeleton";
import { registerServiceWorker } from "@/lib/service-worker";
import { Guard } from "../guard";
import { Footer } from "./footer";
import { Header } from "./header/header";
import { SignedInHeader } from "./header/signed-in-header";

export function AuthenticatedLayout() {
  return (
    <Guard>
      <OwnerAppWorker />
      <div className="flex min-h-dvh flex-col">
        {/* This layout is a lazy chunk already: its signed-in header comes with it, with no second wait. */}
        <Header variant="app" signedInHeader={SignedInHeader} />
        {/* At least a screen high: the footer starts below the first screen, so a page growing
            from its loading skeleton to its content never pushes a visible footer down (CLS). */}
        <main className="min-h-dvh flex-1">
          <Suspense fallback={<PageSkeleton />}>
            <Outlet />
          </Suspense>
        </main>
        <Footer />
      </div>
    </Guard>
  );
}

/** The service worker belongs to the owner's app (its shell, offline page and notifications), so only a signed-in page registers it. */
function OwnerAppWorker() {
  useEffect(() => registerServiceWorker(), []);
  return null;
}

/** The route's element (loaded on demand, src/app/routes.tsx). */
export default AuthenticatedLayout;
