import type { RealtimeClient } from "./realtime-client.ts";

/** This process's authenticated sockets by user id: a notification is only worth a query for users found here. */
export interface SocketRegistry {
  add(userId: string, client: RealtimeClient): void;
  remove(client: RealtimeClient): void;
  forUser(userId: string): RealtimeClient[];
  all(): RealtimeClient[];
  readonly size: number;
}

export function createSocketRegistry(): SocketRegistry {
  const byUser = new Map<string, Set<RealtimeClient>>();
  const owners = new Map<RealtimeClient, string>();
  const registry: SocketRegistry = {
    add(userId, client) {
      registry.remove(client);
      owners.set(client, userId);
      const set = byUser.get(userId) ?? new Set();
      set.add(client);
      byUser.set(userId, set);
    },
    remove(client) {
      const userId = owners.get(client);
      if (userId === undefined) return;
      owners.delete(client);
      const set = byUser.get(userId);
      set?.delete(client);
      if (set?.size === 0) byUser.delete(userId);
    },
    forUser: (userId) => [...(byUser.get(userId) ?? [])],
    all: () => [...owners.keys()],
    get size() {
      return owners.size;
    },
  };
  return registry;
}
