import { TriangleAlert } from "lucide-react";
import { Component, type ErrorInfo, type ReactNode } from "react";
import { Button } from "@/components/ui/button";

interface BoundaryProps {
  /** The address: going elsewhere (Back, a link) leaves the error view for that page. */
  resetKey: string;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  /** The address the last render was for. */
  at: string | null;
}

/** Error boundary of the route tree: a crash shows RouteError instead of a blank page. */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, at: null };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    // The error belongs to the address it happened at.
    if (!state.failed) return { at: props.resetKey };
    return state.at === props.resetKey ? null : { failed: false, at: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error("Route error", error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

function RouteError() {
  return (
    <div role="alert" className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center">
      <TriangleAlert className="size-10 text-warning" aria-hidden="true" />
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      <p className="max-w-md text-muted-foreground">
        This page could not be shown. Your messages and settings are not affected. Reloading usually helps.
      </p>
      <Button onClick={() => window.location.reload()}>Reload the page</Button>
    </div>
  );
}
