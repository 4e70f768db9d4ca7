import { Suspense } from "react";
import { Outlet } from "react-router";
import { PageSkeleton } from "@/components/page-skeleton";
import { Guard } from "../guard";
import { Header } from "./header/header";

export function AuthenticatedLayout() {
  return (
    <Guard>
      <div className="flex min-h-dvh flex-col">
        <Header variant="app" />
        <main className="flex-1">
          <Suspense fallback={<PageSkeleton />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </Guard>
  );
}
