import { SEALED_HINT_MAX, SEALED_PASSPHRASE_MIN_BITS } from "@trigger-switch/contracts";
import { Dices, Eye, EyeOff, LockKeyhole } from "lucide-react";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { toastError } from "@/lib/error-toast";
import { generatePassphrase, type PassphraseRating } from "../utils/passphrase";
import type { SealDraft, SealErrors } from "../utils/seal-draft";

export interface SealPanelProps {
  value: SealDraft;
  onChange: (next: SealDraft) => void;
  /** The typed passphrase's rating; null while rating. */
  rating: PassphraseRating | null;
  errors: SealErrors;
  /** The saved message is sealed: turning sealing off is unsealing, which needs a confirmation. */
  wasSealed: boolean;
}

/** "Seal with a passphrase": the choice, the passphrase (generated or typed and rated), the hint and the promise. */
export function SealPanel({ value, onChange, rating, errors, wasSealed }: SealPanelProps) {
  const [shown, setShown] = useState(false);
  const [confirmUnseal, setConfirmUnseal] = useState(false);
  const set = (changes: Partial<SealDraft>) => onChange({ ...value, ...changes });
  const generate = async () => {
    try {
      const { passphrase } = await generatePassphrase();
      set({ passphrase, generated: passphrase });
      setShown(true);
    } catch (error) {
      toastError(error);
    }
  };
  const isGenerated = value.passphrase !== "" && value.passphrase === value.generated;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-start gap-3">
        <Switch
          id="seal-switch"
          checked={value.on}
          onCheckedChange={(on) => (on ? set({ on }) : wasSealed ? setConfirmUnseal(true) : set({ on }))}
        />
        <div className="flex flex-col gap-1">
          <Label htmlFor="seal-switch">Seal with a passphrase</Label>
          <p className="text-sm text-muted-foreground">
            Your browser encrypts the text and every file before anything is sent. Only people who know the passphrase
            can read them — not us, and not anyone who gets a copy of our database.
          </p>
        </div>
      </div>
      {!value.on && wasSealed && (
        <Alert variant="warning" role="status">
          <p>
            When you save, this message is unsealed: its text and files go to the server and are encrypted with the
            server&apos;s key, like any unsealed message. Whoever runs the server could then read them.
          </p>
        </Alert>
      )}
      {value.on && (
        <>
          <Alert variant="info">
            <LockKeyhole aria-hidden="true" />
            <p>
              Nobody can recover a lost passphrase: without it, nobody can read this message, you included. The title,
              the file names and sizes, the recipients and when it is sent stay readable by the server, so your lists,
              the emergency selector and notices keep working.
            </p>
          </Alert>
          <FormField
            label="Passphrase"
            error={errors.passphrase}
            hint={
              isGenerated
                ? "Generated: six random words from a list of 7,776 (77 bits). Write it down now; it is not kept anywhere."
                : rating?.ok
                  ? `Strong enough: about 2^${rating.bits} guesses (at least 2^${SEALED_PASSPHRASE_MIN_BITS} needed).`
                  : `Never sent to us. Use six or more uncommon words, or generate one.`
            }
          >
            <Input
              type={shown ? "text" : "password"}
              autoComplete="new-password"
              spellCheck={false}
              value={value.passphrase}
              onChange={(event) => set({ passphrase: event.target.value })}
            />
          </FormField>
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="outline" size="sm" onClick={() => void generate()}>
              <Dices aria-hidden="true" />
              Generate a passphrase
            </Button>
            <Button type="button" variant="ghost" size="sm" onClick={() => setShown(!shown)}>
              {shown ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
              {shown ? "Hide passphrase" : "Show passphrase"}
            </Button>
          </div>
          <FormField
            label="Hint for your recipients (optional)"
            error={errors.hint}
            hint={`Shown on the page where they enter the passphrase. The server can read it: never write the passphrase here. Up to ${SEALED_HINT_MAX} characters.`}
          >
            <Input autoComplete="off" value={value.hint} onChange={(event) => set({ hint: event.target.value })} />
          </FormField>
          <div className="flex flex-col gap-1">
            <div className="flex items-start gap-3">
              <input
                id="seal-told"
                type="checkbox"
                className="mt-1 size-4 accent-primary"
                checked={value.told}
                aria-invalid={errors.told ? true : undefined}
                onChange={(event) => set({ told: event.target.checked })}
              />
              <Label htmlFor="seal-told" className="leading-snug font-normal">
                I have told each recipient the passphrase, or where to find it. Without it, nobody can open this
                message.
              </Label>
            </div>
            {errors.told && (
              <p role="alert" className="text-sm font-medium text-destructive">
                {errors.told}
              </p>
            )}
          </div>
        </>
      )}
      <ConfirmDialog
        open={confirmUnseal}
        onOpenChange={setConfirmUnseal}
        title="Unseal this message?"
        description="When you save, your browser opens the text and files and sends them to the server, which encrypts them with its own key. Whoever runs the server, or holds its keys, could then read them. You can seal it again later."
        confirmLabel="Unseal when I save"
        pending={false}
        onConfirm={() => {
          set({ on: false });
          setConfirmUnseal(false);
        }}
      />
    </div>
  );
}
