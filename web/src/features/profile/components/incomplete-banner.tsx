import { UserRoundPen } from "lucide-react";
import { Alert } from "@/components/ui/alert";

/**
 * Shown while the guard keeps the user on /profile (spec §5). `checkInBy` ("WhatsApp or SMS") is
 * what this server can take check-ins by; null when neither is set up here.
 */
export function IncompleteBanner({ checkInBy = null }: { checkInBy?: string | null }) {
  return (
    <Alert variant="warning" role="status">
      <UserRoundPen aria-hidden="true" />
      <div className="flex flex-col gap-1">
        <p className="font-semibold">Complete your profile to continue</p>
        <p className="text-muted-foreground">
          Your first name, last name and WhatsApp number are needed before you can use the rest of Trigger Switch:
          recipients see your name on what you send them.{" "}
          {checkInBy
            ? `Once you verify your number, you can also check in by sending a text by ${checkInBy}.`
            : "Messaging is not set up on this server yet, so you check in from the app or from your reminder e-mails."}
        </p>
      </div>
    </Alert>
  );
}
