import type { z } from "zod";
import { ApiError, isApiError, type ApiClient } from "@/lib/api-client";

/**
 * Our /auth/v1 additions (sessions, security log) through the app's API client, which adds the
 * bearer token. Their errors come in GoTrue's shape ({ error_code, msg }); this turns them into
 * the ApiError every toast understands.
 */
export async function authRequest<T>(
  api: ApiClient,
  method: "GET" | "DELETE" | "POST",
  path: string,
  schema?: z.ZodType<T>,
  json: unknown = {},
): Promise<T> {
  try {
    if (method === "POST") return await api.post(`/auth/v1${path}`, json, schema);
    return method === "GET" ? await api.get(`/auth/v1${path}`, schema) : await api.delete(`/auth/v1${path}`, schema);
  } catch (error) {
    const body = isApiError(error) ? (error.payload as { error_code?: unknown; msg?: unknown } | null) : null;
    if (isApiError(error) && typeof body?.error_code === "string" && typeof body.msg === "string") {
      throw new ApiError(error.status, body.error_code, body.msg);
    }
    throw error;
  }
}
