import { ShieldAlert } from "lucide-react";
import { Link } from "react-router";
import { Alert } from "@/components/ui/alert";
import { paths } from "@/config/paths";
import { useNow } from "@/hooks/use-now";
import { formatWhen } from "@/lib/format-date-time";
import { useAccessRequests } from "../api/access-requests";
import { bannerSentence } from "../utils/access-words";
import { DenyRequestDialog } from "./deny-request-dialog";

/**
 * The dashboard's alert while a trusted contact's request for access waits (docs/decisions/041):
 * who asked for what and why, when it goes unless denied, and Deny. Nothing while none waits, or
 * while the list cannot be loaded (the alert e-mail and the Trusted contacts page say it too).
 */
export function AccessRequestBanner({ timeZone }: { timeZone: string }) {
  const requests = useAccessRequests();
  const now = useNow(30_000);
  const waiting = requests.data?.filter((r) => r.state === "waiting") ?? [];
  if (waiting.length === 0) return null;
  const when = (iso: string) => formatWhen(new Date(iso), now, timeZone);
  return (
    <section aria-label="Requests for access waiting" className="mb-6 flex flex-col gap-3">
      {waiting.map((r) => (
        <Alert key={r.id} variant="error" className="border-2">
          <ShieldAlert aria-hidden="true" />
          <div className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
            <div className="flex min-w-0 flex-col gap-1 [overflow-wrap:anywhere]">
              <p className="font-semibold">{bannerSentence(r, now, when)}</p>
              <p>Reason: “{r.reason}”</p>
              <Link
                to={paths.trustedContacts}
                className="w-fit text-sm font-medium text-primary underline-offset-4 hover:underline"
              >
                All requests for access
              </Link>
            </div>
            <DenyRequestDialog request={r} />
          </div>
        </Alert>
      ))}
    </section>
  );
}
