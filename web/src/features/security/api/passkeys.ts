import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PasskeyListItem } from "@supabase/auth-js";
import { useAuth } from "@/lib/auth/auth-context";
import { useServices } from "@/lib/services";
import { factorsKey } from "./factors";

export type { PasskeyListItem };

const passkeysKey = (userId: string) => ["auth-passkeys", userId] as const;

/** GET /auth/v1/passkeys: the account's passkeys with when each was added and last used. */
export function usePasskeys() {
  const { auth } = useServices();
  const { user } = useAuth();
  return useQuery({
    queryKey: passkeysKey(user?.id ?? ""),
    enabled: user !== null,
    queryFn: async (): Promise<PasskeyListItem[]> => {
      const { data, error } = await auth.passkey.list();
      if (error) throw error;
      return data;
    },
  });
}

/** After any change: the passkeys, the factors they are (two-step sign-in follows them) and the log. */
function useRefreshPasskeys() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return () => {
    void queryClient.invalidateQueries({ queryKey: passkeysKey(user?.id ?? "") });
    void queryClient.invalidateQueries({ queryKey: factorsKey(user?.id ?? "") });
    void queryClient.invalidateQueries({ queryKey: ["security-log"] });
  };
}

/**
 * Makes a passkey on this device (the browser asks for a fingerprint, face or PIN) and adds it.
 * The server raises this session to aal2 with it; refreshing brings tokens that say so, so the
 * app does not take the new factor for one still owed.
 */
export function useAddPasskey() {
  const { auth } = useServices();
  const refresh = useRefreshPasskeys();
  return useMutation({
    mutationFn: async () => {
      const { data, error } = await auth.registerPasskey();
      if (error) throw error;
      await auth.refreshSession();
      return data;
    },
    onSettled: refresh,
  });
}

export function useRenamePasskey() {
  const { auth } = useServices();
  const refresh = useRefreshPasskeys();
  return useMutation({
    mutationFn: async ({ id, name }: { id: string; name: string }) => {
      const { data, error } = await auth.passkey.update({ passkeyId: id, friendlyName: name });
      if (error) throw error;
      return data;
    },
    onSettled: refresh,
  });
}

export function useRemovePasskey() {
  const { auth } = useServices();
  const refresh = useRefreshPasskeys();
  return useMutation({
    mutationFn: async (id: string) => {
      const { error } = await auth.passkey.delete({ passkeyId: id });
      if (error) throw error;
    },
    onSettled: refresh,
  });
}
