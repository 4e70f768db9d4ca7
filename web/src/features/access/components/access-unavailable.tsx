import { LinkIcon } from "lucide-react";
import { EmptyState } from "@/components/empty-state";

/**
 * One page for every link that does not open a message — mistyped, expired, withdrawn, or never
 * valid — so a guess learns nothing (the server answers the same 404 for all of them).
 */
export function AccessUnavailable() {
  return (
    <EmptyState icon={LinkIcon} title="This link is not valid, has expired or was withdrawn." headingLevel={1}>
      <p>
        If you were expecting a message, check that you opened the whole link from the message you received (by e-mail,
        WhatsApp or SMS).
      </p>
    </EmptyState>
  );
}
