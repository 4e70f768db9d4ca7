import { ShieldQuestion, ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import { Alert } from "@/components/ui/alert";
import { paths } from "@/config/paths";
import { useNow } from "@/hooks/use-now";
import { useActiveConfirmations } from "../api/active-confirmations";
import { stageSentence } from "../utils/owner-words";

/**
 * The dashboard's word on confirm before release (docs/decisions/041): while a message's contacts
 * are being asked, when it goes out unless the owner checks in; after a contact held it, who and until
 * when. Nothing otherwise, or while the list cannot be loaded (the owner was mailed each step).
 */
export function ContactsAskedBanner({ timeZone }: { timeZone: string }) {
  const confirmations = useActiveConfirmations();
  const now = useNow(30_000);
  const shown = (confirmations.data ?? []).flatMap((c) => {
    const sentence = stageSentence(c, now, timeZone);
    return sentence && sentence.tone !== "neutral" ? [{ c, sentence }] : [];
  });
  if (shown.length === 0) return null;
  return (
    <section aria-label="Your trusted contacts" className="mb-6 flex flex-col gap-3">
      {shown.map(({ c, sentence }) => {
        const Icon = sentence.tone === "warning" ? ShieldQuestion : ShieldCheck;
        return (
          <Alert key={c.condition_id} variant={sentence.tone === "warning" ? "warning" : "info"}>
            <Icon aria-hidden="true" />
            <div className="flex min-w-0 flex-col gap-1 [overflow-wrap:anywhere]">
              <p>
                <Link
                  to={paths.message(c.message_id)}
                  className="font-semibold text-foreground underline-offset-4 hover:underline"
                >
                  “{c.message_title}”
                </Link>
                : {sentence.text}
              </p>
            </div>
          </Alert>
        );
      })}
    </section>
  );
}
