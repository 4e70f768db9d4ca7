import { FileLock2, Stethoscope } from "lucide-react";
import { lazy, type ComponentType } from "react";
import type { RouteObject } from "react-router";
import { AuthenticatedLayout } from "./layouts/authenticated-layout";
import { MinimalLayout } from "./layouts/minimal-layout";
import { PublicLayout } from "./layouts/public-layout";
import { RootLayout } from "./layouts/root-layout";
import { RouteError } from "./route-error";

// Only the layouts are in the first download; every page is its own chunk.
function page(load: () => Promise<{ default: ComponentType }>) {
  const Page = lazy(load);
  return <Page />;
}

/** Spec §2, route for route. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        path: "/",
        element: <PublicLayout />,
        children: [
          { index: true, element: page(() => import("./routes/public/home")) },
          { path: "login", element: page(() => import("./routes/public/login")) },
          { path: "register", element: page(() => import("./routes/public/register")) },
          { path: "forgot-password", element: page(() => import("./routes/public/forgot-password")) },
          { path: "reset-password", element: page(() => import("./routes/public/reset-password")) },
          { path: "terms", element: page(() => import("./routes/public/terms")) },
          { path: "privacy", element: page(() => import("./routes/public/privacy")) },
          { path: "check-in", element: page(() => import("./routes/public/check-in")) },
          { path: "*", element: page(() => import("./routes/public/not-found")) },
        ],
      },
      {
        path: "/access",
        element: <MinimalLayout label="Secure Message Access" icon={FileLock2} />,
        children: [{ path: "message/:id", element: page(() => import("./routes/other/access-message")) }],
      },
      {
        path: "/diagnostic",
        element: <MinimalLayout label="Diagnostics" icon={Stethoscope} />,
        children: [
          { index: true, element: page(() => import("./routes/other/diagnostic")) },
          { path: "message/:id", element: page(() => import("./routes/other/diagnostic-message")) },
        ],
      },
      {
        element: <AuthenticatedLayout />,
        children: [
          { path: "messages", element: page(() => import("./routes/app/messages")) },
          { path: "dashboard", element: page(() => import("./routes/app/dashboard")) },
          { path: "create-message", element: page(() => import("./routes/app/create-message")) },
          { path: "message/:id", element: page(() => import("./routes/app/message")) },
          { path: "message/:id/edit", element: page(() => import("./routes/app/edit-message")) },
          { path: "profile", element: page(() => import("./routes/app/profile")) },
          { path: "subscription", element: page(() => import("./routes/app/subscription")) },
          { path: "recipients", element: page(() => import("./routes/app/recipients")) },
          { path: "admin", element: page(() => import("./routes/app/admin")) },
        ],
      },
    ],
  },
];
