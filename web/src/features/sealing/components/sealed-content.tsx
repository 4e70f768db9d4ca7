import type { SealedPart } from "@trigger-switch/contracts";
import { FileLock2 } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { openText } from "../utils/age-crypto";
import { saveFile } from "../utils/save-file";
import { PassphraseUnlock } from "./passphrase-unlock";
import { SealedFiles, type SealedFile } from "./sealed-files";

export interface SealedContentProps {
  sealed: SealedPart;
  files: SealedFile[];
  fetchAge: (file: SealedFile) => Promise<Uint8Array>;
  /** The sentence above the passphrase field. */
  intro: string;
  /** Where the text goes once opened; the owner's page and the recipient's differ in size. */
  renderText: (text: string) => ReactNode;
  /** Told once the passphrase has opened the text. */
  onOpened?: (opened: { passphrase: string; text: string }) => void;
}

/**
 * A sealed message's text and files: asked for the passphrase, opened in this browser. Before and
 * after, every part is also offered as the age file it is, with the one line the `age` tool needs.
 */
export function SealedContent({ sealed, files, fetchAge, intro, renderText, onOpened }: SealedContentProps) {
  const [opened, setOpened] = useState<{ passphrase: string; text: string } | null>(null);
  return (
    <div className="flex flex-col gap-5">
      {opened ? (
        renderText(opened.text)
      ) : (
        <PassphraseUnlock
          intro={intro}
          hint={sealed.hint}
          onUnlock={async (passphrase) => {
            const text = await openText(passphrase, sealed.text);
            setOpened({ passphrase, text });
            onOpened?.({ passphrase, text });
          }}
        />
      )}
      {files.length > 0 && <SealedFiles files={files} fetchAge={fetchAge} passphrase={opened?.passphrase ?? null} />}
      <div className="flex flex-col gap-2 rounded-lg border border-dashed px-3 py-3 text-sm text-muted-foreground">
        <div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="h-auto max-w-full py-1.5 text-left whitespace-normal"
            onClick={() => saveFile(sealed.text, "message.age")}
          >
            <FileLock2 aria-hidden="true" />
            Download the text as message.age
          </Button>
        </div>
        <p>
          The .age files open without this website, with the free <span className="font-medium">age</span> tool
          (age-encryption.org):{" "}
          <code className="rounded bg-muted px-1 py-0.5 text-xs break-all">age -d -o message.txt message.age</code> asks
          for the passphrase.
        </p>
      </div>
    </div>
  );
}
