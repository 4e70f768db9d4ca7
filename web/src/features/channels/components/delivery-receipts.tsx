import type { DeliveryReceipt } from "@trigger-switch/contracts";
import { Mail, MessageCircle, MessageSquare } from "lucide-react";
import { EmailAddress } from "@/components/email-address";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDateTime } from "@/lib/format-date-time";
import { useMessageReceipts } from "../api/get-message-receipts";

const CHANNEL = {
  email: { name: "E-mail", Icon: Mail },
  whatsapp: { name: "WhatsApp", Icon: MessageCircle },
  sms: { name: "SMS", Icon: MessageSquare },
} as const;

/**
 * What a status means for the person waiting on it: e-mail has no delivery receipts, WhatsApp and
 * SMS do. On a server without a mail server or provider, what was "sent" was only kept in its
 * local mailbox: nobody received it, and the words say so.
 */
export function receiptWords(r: DeliveryReceipt): {
  label: string;
  variant: "neutral" | "success" | "info" | "danger";
} {
  switch (r.status) {
    case "read":
      return { label: "Read", variant: "success" };
    case "delivered":
      return { label: "Delivered", variant: "success" };
    case "failed":
      return { label: r.permanent ? "Failed" : "Failed, trying again", variant: "danger" };
    case "sent":
      if (r.kept_locally) return { label: "Kept in the local mailbox", variant: "neutral" };
      return r.channel === "email"
        ? { label: "Handed to the mail server", variant: "info" }
        : { label: "Sent, not delivered yet", variant: "info" };
  }
}

/**
 * Per recipient and channel: sent / delivered / read / failed, and which channel took over after a
 * failure (docs/decisions/014). Renders nothing until something was sent; the message's page shows it.
 */
export function DeliveryReceipts({ messageId, timeZone }: { messageId: string; timeZone: string }) {
  const receipts = useMessageReceipts(messageId);
  if (receipts.isError) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        The delivery receipts could not be loaded. Reload the page to try again.
      </p>
    );
  }
  if (!receipts.data || receipts.data.length === 0) return null;
  return <DeliveryReceiptList receipts={receipts.data} timeZone={timeZone} />;
}

export function DeliveryReceiptList({ receipts, timeZone }: { receipts: DeliveryReceipt[]; timeZone: string }) {
  // One card per person and release: a delivery is one person in one release, whatever the
  // channels tried, so two recipients deleted since (no id, the same placeholder name) stay apart.
  const byRecipient = new Map<string, DeliveryReceipt[]>();
  for (const r of receipts) {
    const key = `${r.release_id ?? ""}|${r.delivery_id}`;
    byRecipient.set(key, [...(byRecipient.get(key) ?? []), r]);
  }
  return (
    <Card className="h-fit">
      <CardHeader className="pb-3">
        <CardTitle className="text-lg">Delivery receipts</CardTitle>
      </CardHeader>
      <CardContent>
        <ul aria-label="Delivery receipts" className="flex flex-col gap-3">
          {[...byRecipient.entries()].map(([key, list]) => (
            <li key={key} className="flex flex-col gap-1.5 rounded-lg border bg-background p-3 text-sm">
              <p className="font-medium break-words">{list[0]!.recipient_name}</p>
              <ul aria-label={`Channels tried for ${list[0]!.recipient_name}`} className="flex flex-col gap-1.5">
                {list.map((r) => (
                  <ReceiptRow key={r.channel} receipt={r} timeZone={timeZone} />
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function ReceiptRow({ receipt: r, timeZone }: { receipt: DeliveryReceipt; timeZone: string }) {
  const { name, Icon } = CHANNEL[r.channel];
  const words = receiptWords(r);
  return (
    <li className="flex min-w-0 flex-col gap-0.5">
      <span className="flex flex-wrap items-center gap-2">
        <Icon className="size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
        <span>{name}</span>
        <span className="min-w-0 text-muted-foreground [overflow-wrap:anywhere]">
          {r.channel === "email" ? <EmailAddress email={r.address} /> : r.address}
        </span>
        <Badge variant={words.variant}>{words.label}</Badge>
        {r.fallback && <Badge variant="neutral">Used after an earlier channel failed</Badge>}
      </span>
      <span className="text-xs text-muted-foreground">
        {formatDateTime(new Date(r.at), timeZone)}
        {r.attempts > 1 ? ` · ${r.attempts} attempts` : ""}
      </span>
      {r.error && <span className="text-xs text-destructive [overflow-wrap:anywhere]">{r.error}</span>}
    </li>
  );
}
