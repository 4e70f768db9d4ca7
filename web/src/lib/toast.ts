import type * as SonnerModule from "sonner";
import type { ExternalToast, toast as sonnerToast } from "sonner";

// The app raises its toasts (the spec's catalogue, §8) through this module rather than sonner's
// own `toast`: imported by the pages' shared code, sonner would sit in every data page's
// first download and on the dashboard's path to its first content, though no toast shows before
// the visitor acts. It loads on the first toast, or when the toaster mounts (app/provider.tsx); a
// toast raised meanwhile shows once it has loaded, in the order raised, under the id returned now.

type Sonner = typeof SonnerModule;
type ToastId = string | number;
type Title = Parameters<typeof sonnerToast.success>[0];
type Kind = "success" | "error" | "info" | "warning" | "loading";

let sonner: Promise<Sonner> | null = null;

/** sonner's module, loaded once (again after a failed attempt). */
export function loadSonner(): Promise<Sonner> {
  sonner ??= import("sonner").catch((error: unknown) => {
    sonner = null;
    throw error;
  });
  return sonner;
}

let raised = 0;

function raise(kind: Kind, title: Title, data?: ExternalToast): ToastId {
  const id = data?.id ?? `toast-${++raised}`;
  withSonner((toast) => toast[kind](title, { ...data, id }));
  return id;
}

function withSonner(use: (toast: Sonner["toast"]) => void): void {
  loadSonner().then(
    ({ toast }) => use(toast),
    (error: unknown) => console.error("The notices' code did not load", error),
  );
}

/** sonner's `toast`, as the app uses it: each call returns the toast's id at once. */
export const toast = {
  success: (title: Title, data?: ExternalToast) => raise("success", title, data),
  error: (title: Title, data?: ExternalToast) => raise("error", title, data),
  info: (title: Title, data?: ExternalToast) => raise("info", title, data),
  warning: (title: Title, data?: ExternalToast) => raise("warning", title, data),
  loading: (title: Title, data?: ExternalToast) => raise("loading", title, data),
  /** Dismisses one toast, or every toast without an id. */
  dismiss: (id?: ToastId) => withSonner((toast) => toast.dismiss(id)),
};
