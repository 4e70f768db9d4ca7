import { createContext, useContext, useMemo } from "react";
import { matchRoutes, useLocation, useRoutes, type RouteObject } from "react-router";
import { RouteErrorBoundary } from "./route-error";

// The declarative router: the app has no loaders or actions, so React Router's data router (its
// navigation state machine, in every signed-in page's download) would do nothing for it. What the
// app used of it is here: each route's `handle` (the page's title and description) and one error
// view for the whole tree; scroll restoration is ./scroll-restoration.tsx (docs/decisions/020-web-delivery.md).

const MatchedRoutes = createContext<readonly RouteObject[]>([]);

/** The routes matched at the current address, outermost first (each with its `handle`). */
export function useMatchedRoutes(): readonly RouteObject[] {
  return useContext(MatchedRoutes);
}

/** The page at the current address, in the route tree's error view should it throw while rendering. */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  const location = useLocation();
  const matched = useMemo(() => (matchRoutes(routes, location) ?? []).map((m) => m.route), [routes, location]);
  // Not `useRoutes(routes, location)`: given a location, React Router tells everything below that
  // every navigation was a POP, and the scroll restoration then left a new page at the old offset.
  const page = useRoutes(routes);
  return (
    <MatchedRoutes.Provider value={matched}>
      <RouteErrorBoundary resetKey={location.pathname}>{page}</RouteErrorBoundary>
    </MatchedRoutes.Provider>
  );
}
