import { UserRoundPen } from "lucide-react";
import { Alert } from "@/components/ui/alert";

/** Shown while the guard keeps the user on /profile (spec §5). */
export function IncompleteBanner() {
  return (
    <Alert variant="warning" role="status">
      <UserRoundPen aria-hidden="true" />
      <div className="flex flex-col gap-1">
        <p className="font-semibold">Complete your profile to continue</p>
        <p className="text-muted-foreground">
          Your first name, last name and WhatsApp number are needed before you can use the rest of Trigger Switch:
          recipients see your name on what you send them, and your WhatsApp number is how Trigger Switch can reach
          you and how you will be able to check in by message.
        </p>
      </div>
    </Alert>
  );
}
