import { TriangleAlert } from "lucide-react";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { Button } from "@/components/ui/button";

/** Error boundary of the route tree: a crash shows this instead of a blank page. */
export function RouteError() {
  const error = useRouteError();
  console.error("Route error", error);
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <div role="alert" className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center">
      <TriangleAlert className="size-10 text-warning" aria-hidden="true" />
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      <p className="max-w-md text-muted-foreground">
        This page could not be shown. Your messages and settings are not affected. Reloading usually helps
        {detail ? ` (${detail})` : ""}.
      </p>
      <Button onClick={() => window.location.reload()}>Reload the page</Button>
    </div>
  );
}
