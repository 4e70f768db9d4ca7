import { BrowserRouter } from "react-router";
import { createServices } from "@/lib/create-services";
import { createQueryClient } from "@/lib/query-client";
import { AppRoutes } from "./app-routes";
import { AppProvider } from "./provider";
import { routes } from "./routes";

// Module-level, once per page load: auth-js must read the URL hash exactly once, and
// StrictMode would run a useState initializer twice (two clients on one storage key).
export const services = createServices();
const queryClient = createQueryClient();

export function App() {
  return (
    <AppProvider services={services} queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes routes={routes} />
      </BrowserRouter>
    </AppProvider>
  );
}
