import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { useApi } from "@/lib/services";

export const serverMetaSchema = z.object({
  mailbox: z.boolean(),
  mail: z.enum(["smtp", "outbox"]).default("smtp"),
  autoconfirm: z.boolean(),
  version: z.string(),
});
export type ServerMeta = z.infer<typeof serverMetaSchema>;

/** GET /api/meta: how this server is set up. It does not change while the page is open. */
export function useServerMeta() {
  const api = useApi();
  return useQuery({
    queryKey: ["server-meta"],
    queryFn: () => api.get("/api/meta", serverMetaSchema),
    staleTime: Infinity,
  });
}
