import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useIsAdmin } from "@/lib/auth/me-query";
import { useChannelsInfo } from "../api/get-channels-info";
import { useOwnerChannels } from "../api/get-owner-channels";
import { NumberVerification } from "./number-verification";
import { ReminderChannels } from "./reminder-channels";

/** The profile's "Messaging" card: number verification and reminder channels, true for this server. */
export function MessagingCard() {
  const info = useChannelsInfo();
  const owner = useOwnerChannels();
  const isAdmin = useIsAdmin();
  const off = info.data && !info.data.whatsapp.available && !info.data.sms.available;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Check-ins and reminders by message</CardTitle>
        <CardDescription>
          {off
            ? "WhatsApp and SMS are not set up on this server, so check-ins and reminders work by the app and e-mail only."
            : "Verify your number to check in by sending a text, and choose where your reminders go."}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {info.isPending || owner.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : info.isError || owner.isError || !info.data || !owner.data ? (
          <p className="text-sm text-muted-foreground">
            Your messaging settings could not be loaded. Reload the page to try again.
          </p>
        ) : (
          <>
            {off ? (
              <p className="text-sm text-muted-foreground">
                {/* Setting names mean something only to whoever runs the server. */}
                {isAdmin
                  ? `The operator can turn them on by setting ${[...info.data.whatsapp.missing, ...info.data.sms.missing].join(", ")} (see the README).`
                  : "Whoever runs this service can turn them on."}
              </p>
            ) : (
              <NumberVerification
                key={`${owner.data.number ?? ""}:${owner.data.verified?.at ?? ""}`}
                info={info.data}
                owner={owner.data}
              />
            )}
            <ReminderChannels info={info.data} owner={owner.data} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
