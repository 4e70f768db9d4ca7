import { useMutation } from "@tanstack/react-query";
import { useApi } from "@/lib/services";

/** GET /api/account/export as a file the browser saves (the bearer token rules out a plain link). */
export function useExportAccount() {
  const api = useApi();
  return useMutation({
    mutationFn: async () => {
      const blob = await api.download("/api/account/export");
      const url = URL.createObjectURL(blob);
      const link = document.createElement("a");
      link.href = url;
      link.download = `trigger-switch-export-${new Date().toISOString().slice(0, 10)}.json`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    },
  });
}

/** DELETE /api/account: the password (or a sign-in in the last 5 minutes) confirms it. */
export function useDeleteAccount() {
  const api = useApi();
  return useMutation({
    mutationFn: (password: string) => api.delete("/api/account", undefined, password ? { password } : undefined),
  });
}
