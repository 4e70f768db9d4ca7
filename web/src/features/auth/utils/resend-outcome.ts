/** What became of a resend request, from the auth server's answer (docs/decisions/017). */
export type ResendOutcome =
  | { kind: "sent" }
  /** One resend a minute per address: nothing was sent; another is accepted after `seconds`. */
  | { kind: "wait"; seconds: number }
  | { kind: "failed"; message: string };

/**
 * The server answers {} when the link goes, and GoTrue's 429 over_email_send_rate_limit "…only
 * request this after N seconds." when a resend for the address was accepted less than a minute
 * ago. A 429 without the seconds is the route's own limit on requests from this network.
 */
export function resendOutcome(error: { message: string; status?: number; code?: string } | null): ResendOutcome {
  if (!error) return { kind: "sent" };
  const seconds = /after (\d+) seconds?/.exec(error.message);
  if (error.status === 429 && seconds) return { kind: "wait", seconds: Number(seconds[1]) };
  if (error.status === 429)
    return { kind: "failed", message: "Nothing was sent: too many requests from this network. Try again later." };
  return { kind: "failed", message: error.message };
}
