import { Suspense } from "react";
import { Outlet } from "react-router";
import { LoadingScreen } from "@/components/ui/spinner";
import { DocumentHead } from "../document-head";
import { ScrollRestoration } from "../scroll-restoration";

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
