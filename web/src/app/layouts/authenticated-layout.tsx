import { Suspense } from "react";
import { Outlet } from "react-router";
import { PageSkeleton } from "@/components/page-skeleton";
import { Guard } from "../guard";
import { Footer } from "./footer";
import { Header } from "./header/header";
import { SignedInHeader } from "./header/signed-in-header";

export function AuthenticatedLayout() {
  return (
    <Guard>
      <div className="flex min-h-dvh flex-col">
        {/* This layout is a lazy chunk already: its signed-in header comes with it, with no second wait. */}
        <Header variant="app" signedInHeader={SignedInHeader} />
        <main className="flex-1">
          <Suspense fallback={<PageSkeleton />}>
            <Outlet />
          </Suspense>
        </main>
        <Footer />
      </div>
    </Guard>
  );
}
