import { Suspense } from "react";
import { Outlet } from "react-router";
import { PageSkeleton } from "@/components/page-skeleton";
import { Footer } from "./footer";
import { Header } from "./header/header";

export function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <Header variant="public" />
      <main className="flex-1">
        <Suspense fallback={<PageSkeleton />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
