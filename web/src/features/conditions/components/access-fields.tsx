import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";

export interface AccessFieldsProps {
  unlockDelayHours: string;
  expiryHours: string;
  onChange: (change: { unlock_delay_hours?: string; expiry_hours?: string }) => void;
  errors: Record<string, string>;
}

/** How the recipients' access page behaves once this condition sends the message (optional). */
export function AccessFields({ unlockDelayHours, expiryHours, onChange, errors }: AccessFieldsProps) {
  const changed = Number(unlockDelayHours) > 0 || Number(expiryHours) > 0;
  return (
    <details className="group rounded-lg border bg-background p-3" open={changed || undefined}>
      <summary className="cursor-pointer text-sm font-medium">Recipient access (optional)</summary>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        <FormField
          label="Open after (hours)"
          hint="0 = they can read it at once. Until it opens, no e-mail carries anything of the message or its place, not even an emergency alert."
          error={errors["panic_config.unlock_delay_hours"]}
        >
          <Input
            type="number"
            inputMode="decimal"
            min={0}
            value={unlockDelayHours}
            onChange={(event) => onChange({ unlock_delay_hours: event.target.value })}
          />
        </FormField>
        <FormField
          label="Link expires after (hours)"
          hint="0 = it never expires."
          error={errors["panic_config.expiry_hours"]}
        >
          <Input
            type="number"
            inputMode="decimal"
            min={0}
            value={expiryHours}
            onChange={(event) => onChange({ expiry_hours: event.target.value })}
          />
        </FormField>
      </div>
    </details>
  );
}
