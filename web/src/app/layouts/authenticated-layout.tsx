import { Suspense, useEffect, useRef } from "react";
import { Outlet, useLocation } from "react-router";
import { PageSkeleton } from "@/components/page-skeleton";
import { useAuth } from "@/lib/auth/auth-context";
import { useApi } from "@/lib/services";
import { Guard } from "../guard";
import { prefetchFirstPage } from "../routes";
import { Footer } from "./footer";
import { Header } from "./header/header";
import { SignedInHeader } from "./header/signed-in-header";

export function AuthenticatedLayout() {
  usePrefetchFirstPage();
  return (
    <Guard>
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

/**
 * The page the visit starts on asks for its data as soon as the session is known, beside the
 * profile, instead of after the guard has waited for both (a waterfall of two round trips).
 */
function usePrefetchFirstPage() {
  const userId = useAuth().user?.id;
  const api = useApi();
  const location = useLocation();
  const firstPage = useRef(location);
  useEffect(() => {
    if (userId) prefetchFirstPage(firstPage.current, api);
  }, [userId, api]);
}

/** The route's element (loaded on demand, src/app/routes.tsx). */
export default AuthenticatedLayout;
