import type { PushDevice, PushSubscriptionJson } from "@trigger-switch/contracts";
import { checkedRoutes, pushContract, type Refusal } from "./api-contract";

/** A VAPID public key of the right shape (65 bytes, base64url): what GET /api/push answers when push is on. */
export const FAKE_VAPID_KEY = `B${"A".repeat(86)}`;

const notFound: Refusal = { status: 404, body: { error: { code: "not_found", message: "Not found" } } };

/**
 * The owner's push devices in memory, held to the server's contract (./api-contract.ts pushContract).
 * `available`: whether this server sends push (GET /api/push); default off, as a server without VAPID keys. `tests` and `subscriptions` record
 * what the app asked for, so a test can say a test push was sent or what the browser subscribed.
 */
export function createFakePush({ available = false }: { available?: boolean } = {}) {
  const devices: PushDevice[] = [];
  const subscriptions = new Map<string, PushSubscriptionJson>();
  const tests: string[] = [];
  let counter = 0;
  const device = (id: string) => devices.find((d) => d.id === id);

  const routes = checkedRoutes(pushContract, {
    "GET /api/push": () => ({ body: { available, public_key: available ? FAKE_VAPID_KEY : null } }),
    "GET /api/push/devices": () => ({ body: { devices } }),
    "POST /api/push/devices": ({ body }) => {
      const created: PushDevice = {
        id: `device-${(counter += 1)}`,
        name: body.name,
        created_at: new Date().toISOString(),
        last_push_at: null,
        last_check_in_at: null,
      };
      devices.push(created);
      subscriptions.set(created.id, body.subscription);
      return { body: { device: created, check_in_credential: `credential-${created.id}` } };
    },
    "PATCH /api/push/devices/:id": ({ body, params }) => {
      const found = device(params.id!);
      if (!found) return notFound;
      found.name = body.name;
      return { body: found };
    },
    "DELETE /api/push/devices/:id": ({ params }) => {
      const index = devices.findIndex((d) => d.id === params.id);
      if (index < 0) return notFound;
      devices.splice(index, 1);
      subscriptions.delete(params.id!);
      return { body: null };
    },
    "POST /api/push/devices/:id/test": ({ params }) => {
      const found = device(params.id!);
      if (!found) return notFound;
      tests.push(found.id);
      found.last_push_at = new Date().toISOString();
      return { body: found };
    },
  });

  /** A device added as POST /api/push/devices would, e.g. one turned on elsewhere. */
  function addDevice(name: string, at = new Date().toISOString()): PushDevice {
    const created: PushDevice = {
      id: `device-${(counter += 1)}`,
      name,
      created_at: at,
      last_push_at: null,
      last_check_in_at: null,
    };
    devices.push(created);
    return created;
  }

  return { routes, devices, subscriptions, tests, addDevice };
}
