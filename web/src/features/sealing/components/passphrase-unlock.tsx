import { KeyRound, LockKeyhole } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { WrongPassphraseError } from "../utils/age-crypto";

export interface PassphraseUnlockProps {
  /** What the passphrase opens, for the sentence above the field ("this message"). */
  intro: string;
  hint: string | null;
  /** Tries the passphrase; throws WrongPassphraseError when it does not open the message. */
  onUnlock: (passphrase: string) => Promise<void>;
  submitLabel?: string;
}

/**
 * Asks for the passphrase of a sealed message and opens it in this browser. Opening takes a second
 * or two on purpose (age's scrypt), which is also what makes guessing slow; the button says so.
 */
export function PassphraseUnlock({ intro, hint, onUnlock, submitLabel = "Open" }: PassphraseUnlockProps) {
  const [passphrase, setPassphrase] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!passphrase) return setError("Enter the passphrase.");
    setBusy(true);
    setError(undefined);
    try {
      await onUnlock(passphrase);
    } catch (failure) {
      setError(
        failure instanceof WrongPassphraseError || failure instanceof Error
          ? failure.message
          : "It could not be opened.",
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <p className="flex items-start gap-2 text-sm text-muted-foreground">
        <LockKeyhole className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>{intro}</span>
      </p>
      {hint && (
        <p className="rounded-md border bg-muted/50 px-3 py-2 text-sm">
          <span className="font-medium">Hint: </span>
          <span className="break-words whitespace-pre-wrap">{hint}</span>
        </p>
      )}
      <FormField label="Passphrase" error={error}>
        <Input
          type="password"
          autoComplete="off"
          spellCheck={false}
          value={passphrase}
          onChange={(event) => setPassphrase(event.target.value)}
        />
      </FormField>
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? <Spinner className="text-primary-foreground" /> : <KeyRound aria-hidden="true" />}
          {busy ? "Opening… (this takes a few seconds)" : submitLabel}
        </Button>
      </div>
    </form>
  );
}
