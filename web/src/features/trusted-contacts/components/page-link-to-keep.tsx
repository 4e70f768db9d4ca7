import type { DeliveryChannel } from "@trigger-switch/contracts";
import { Copy, ExternalLink } from "lucide-react";
import { Link } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { toast } from "@/lib/toast";
import { SENT_BY } from "../utils/contact-words";

/** The contact's own page, `/contact?token=…`: the address to keep. */
export function contactPagePath(pageToken: string): string {
  return `${paths.contact}?token=${encodeURIComponent(pageToken)}`;
}

/** The link to the contact's own page, shown right after they accept (and sent to them): to copy, or to open now. */
export function PageLinkToKeep({ pageToken, channel }: { pageToken: string; channel: DeliveryChannel }) {
  const path = contactPagePath(pageToken);
  const url = `${window.location.origin}${path}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success("Link copied", { description: "Keep it somewhere you will find it again." });
    } catch {
      toast.error("Could not copy", { description: "Select the link and copy it by hand." });
    }
  };
  return (
    <section aria-labelledby="page-link-heading" className="flex flex-col gap-3 text-left text-foreground">
      <h2 id="page-link-heading" className="text-base font-semibold">
        The link to your own page
      </h2>
      <Alert variant="warning">
        <p>
          Keep this link: it was also {SENT_BY[channel].toYou}. With it you can step down at any time, or ask for access
          if you are allowed to.
        </p>
      </Alert>
      <p className="rounded-md border bg-muted/30 p-3 font-mono text-sm break-all select-all">{url}</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="button" variant="outline" onClick={() => void copy()}>
          <Copy aria-hidden="true" /> Copy link
        </Button>
        <Button asChild>
          <Link to={path}>
            <ExternalLink aria-hidden="true" /> Open your page
          </Link>
        </Button>
      </div>
    </section>
  );
}
