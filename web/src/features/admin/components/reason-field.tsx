import { ADMIN_REASON_MAX_LENGTH, adminReasonTextSchema } from "@trigger-switch/contracts";
import { useId, useState } from "react";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";

/**
 * The optional reason of an admin action, checked by the same schema as the server's
 * (contracts' adminReasonTextSchema): `reason` is what to send (undefined when empty), `error` why
 * it cannot be sent as it is.
 */
export function useReason() {
  const [text, setText] = useState("");
  const parsed = adminReasonTextSchema.safeParse(text);
  return {
    text,
    setText,
    reset: () => setText(""),
    reason: parsed.success && parsed.data ? parsed.data : undefined,
    error: parsed.success ? null : (parsed.error.issues[0]?.message ?? "This reason cannot be saved"),
  };
}

/** "Reason (optional)": kept in the audit log with the action. */
export function ReasonField({ state }: { state: ReturnType<typeof useReason> }) {
  const id = useId();
  const over = state.text.length > ADMIN_REASON_MAX_LENGTH;
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>Reason (optional)</Label>
      <Textarea
        id={id}
        className="min-h-20"
        value={state.text}
        onChange={(e) => state.setText(e.target.value)}
        aria-invalid={state.error ? true : undefined}
        aria-describedby={`${id}-hint`}
      />
      <p
        id={`${id}-hint`}
        className={over || state.error ? "text-xs text-destructive" : "text-xs text-muted-foreground"}
      >
        {state.error ?? "Kept in the audit log with this action."} ({state.text.length}/{ADMIN_REASON_MAX_LENGTH})
      </p>
    </div>
  );
}
