/**
 * This device's push registration as the worker keeps it: the device's id, its check-in
 * credential (which can do nothing but check in) and the owner's time zone for the words it shows.
 * In IndexedDB, which a service worker can reach (localStorage it cannot), under one key.
 */
export interface StoredDevice {
  deviceId: string;
  credential: string;
  timeZone: string;
}

const DB = "trigger-switch-push";
const STORE = "device";
const KEY = "this-device";

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error("IndexedDB would not open"));
  });
}

async function run<T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const request = act(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error("IndexedDB request failed"));
    });
  } finally {
    db.close();
  }
}

export const readDevice = async (): Promise<StoredDevice | null> =>
  ((await run("readonly", (store) => store.get(KEY))) as StoredDevice | undefined) ?? null;

export const rememberDevice = (device: StoredDevice): Promise<unknown> =>
  run("readwrite", (store) => store.put(device, KEY));

export const forgetDevice = (): Promise<unknown> => run("readwrite", (store) => store.delete(KEY));
