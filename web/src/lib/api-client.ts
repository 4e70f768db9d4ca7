import type { z } from "zod";

/** An /api answer that was not 2xx, with the server's code and per-field messages. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
    /** The answer's JSON body as received, for the few routes that answer an error with data (503 status). */
    readonly payload: unknown = null,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export interface ApiClientOptions {
  /** Returns the current access token, or null when signed out. */
  getAccessToken: () => Promise<string | null>;
  /**
   * Asks the auth server for a new access token (auth-js's refreshSession) and returns it, or null
   * when the session cannot be refreshed. Default: never refreshes.
   */
  refreshAccessToken?: () => Promise<string | null>;
  /** Default: the global fetch. Tests pass a fake. */
  fetch?: typeof fetch;
  /** Default: "" (same origin). */
  baseUrl?: string;
}

interface RequestOptions<T> {
  schema?: z.ZodType<T>;
  json?: unknown;
  body?: FormData;
  /** Read a 2xx answer as a Blob instead of JSON. Default: false. */
  blob?: boolean;
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The headers of an /api request: what it accepts, and the session's bearer token when there is one. */
function apiHeaders(token: string | null, accept: string): Headers {
  const headers = new Headers({ Accept: accept });
  if (token) headers.set("Authorization", `Bearer ${token}`);
  return headers;
}

export function createApiClient({
  getAccessToken,
  refreshAccessToken = async () => null,
  fetch: fetchImpl,
  baseUrl = "",
}: ApiClientOptions) {
  const unauthorizedListeners = new Set<() => void>();
  // Resolved at call time so a test (or a polyfill) that swaps the global is honoured.
  const send = (path: string, init: RequestInit) => (fetchImpl ?? globalThis.fetch)(`${baseUrl}${path}`, init);
  // Requests answered 401 together share one refresh.
  let refreshing: Promise<string | null> | null = null;
  const refreshedToken = () =>
    (refreshing ??= refreshAccessToken()
      .catch(() => null)
      .finally(() => {
        refreshing = null;
      }));

  async function request<T>(method: string, path: string, options: RequestOptions<T> = {}): Promise<T> {
    const token = await getAccessToken();
    const headers = apiHeaders(token, options.blob ? "*/*" : "application/json");
    let body: BodyInit | undefined = options.body;
    if (options.json !== undefined) {
      headers.set("Content-Type", "application/json");
      body = JSON.stringify(options.json);
    }
    let response: Response;
    try {
      response = await send(path, { method, headers, body });
      // A 401 may only mean that the access token expired by the server's clock before it did by the
      // browser's (either clock may be off): refresh it once and ask again before giving up on the session.
      if (response.status === 401 && token) {
        const fresh = await refreshedToken();
        if (fresh && fresh !== token) {
          const again = new Headers(headers);
          again.set("Authorization", `Bearer ${fresh}`);
          response = await send(path, { method, headers: again, body });
        }
      }
    } catch {
      throw new ApiError(0, "network_error", "Could not reach the server. Check your connection and try again.", {});
    }
    if (response.ok && options.blob) return (await response.blob()) as T;
    // 204 and empty bodies read as null.
    const payload: unknown = await response.json().catch(() => null);
    // Our /api answers 401 only when the bearer token no longer opens a session, even refreshed
    // (signed out or ended elsewhere): whoever holds the session must end it here too.
    if (response.status === 401 && token) for (const listener of unauthorizedListeners) listener();
    if (!response.ok) throw toApiError(response.status, payload);
    return options.schema ? options.schema.parse(payload) : (payload as T);
  }

  return {
    get: <T>(path: string, schema?: z.ZodType<T>) => request<T>("GET", path, { schema }),
    put: <T>(path: string, json: unknown, schema?: z.ZodType<T>) => request<T>("PUT", path, { json, schema }),
    post: <T>(path: string, json: unknown, schema?: z.ZodType<T>) => request<T>("POST", path, { json, schema }),
    patch: <T>(path: string, json: unknown, schema?: z.ZodType<T>) => request<T>("PATCH", path, { json, schema }),
    upload: <T>(path: string, body: FormData, schema?: z.ZodType<T>) => request<T>("POST", path, { body, schema }),
    /** `json`: a body for the few deletions that need one (the account's, with the password). */
    delete: <T>(path: string, schema?: z.ZodType<T>, json?: unknown) => request<T>("DELETE", path, { schema, json }),
    /** A file behind the bearer token (a plain link cannot send it), as a Blob. */
    download: (path: string) => request<Blob>("GET", path, { blob: true }),
    /** Calls `listener` whenever a request sent with a token is answered 401. Returns the unsubscribe. */
    onUnauthorized: (listener: () => void) => {
      unauthorizedListeners.add(listener);
      return () => void unauthorizedListeners.delete(listener);
    },
  };
}

function toApiError(status: number, payload: unknown): ApiError {
  const envelope = readErrorEnvelope(payload);
  if (envelope) return new ApiError(status, envelope.code, envelope.message, envelope.fields, payload);
  // A proxy or a crash may answer with HTML; never show that to the user.
  return new ApiError(
    status,
    "unexpected_response",
    `The server answered with an unexpected error (${status}).`,
    {},
    payload,
  );
}

/**
 * The server's error envelope, the shape of the contracts' `apiErrorSchema`, read without zod so
 * that the parser stays out of every page's first download (api-client.test.ts checks that the
 * two agree).
 */
export function readErrorEnvelope(
  payload: unknown,
): { code: string; message: string; fields: Record<string, string> } | null {
  const error = isRecord(payload) ? payload.error : undefined;
  if (!isRecord(error) || typeof error.code !== "string" || typeof error.message !== "string") return null;
  if (error.fields === undefined) return { code: error.code, message: error.message, fields: {} };
  if (!isRecord(error.fields) || !Object.values(error.fields).every((v) => typeof v === "string")) return null;
  return { code: error.code, message: error.message, fields: error.fields as Record<string, string> };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
