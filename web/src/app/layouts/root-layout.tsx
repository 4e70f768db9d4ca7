import { Suspense } from "react";
import { Outlet, ScrollRestoration } from "react-router";
import { LoadingScreen } from "@/components/ui/spinner";
import { DocumentHead } from "../document-head";

export function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <DocumentHead />
      {/* The signed-in layout is a lazy chunk; its guard shows the same screen while it decides. */}
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
    </>
  );
}
