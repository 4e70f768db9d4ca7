import { Download, FileLock2, Paperclip } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { toastError } from "@/lib/error-toast";
import { fileSize } from "@/lib/file-size";
import { openBytes } from "../utils/age-crypto";
import { saveFile } from "../utils/save-file";

export interface SealedFile {
  id: string;
  name: string;
  /** The plaintext size. */
  size: number;
}

export interface SealedFilesProps {
  files: SealedFile[];
  /** The file's age ciphertext as the server keeps it. */
  fetchAge: (file: SealedFile) => Promise<Uint8Array>;
  /** Set once the message is open: each file can then be opened here. */
  passphrase: string | null;
}

/**
 * The sealed files of a message: each as the age file it is (`name.age`, for the `age` tool) and,
 * once the passphrase is known, opened in this browser and saved under its own name.
 */
export function SealedFiles({ files, fetchAge, passphrase }: SealedFilesProps) {
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (key: string, task: () => Promise<void>) => {
    setBusy(key);
    try {
      await task();
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(null);
    }
  };
  return (
    <ul aria-label="Sealed attachments" className="flex flex-col gap-2">
      {files.map((file) => (
        <li key={file.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border bg-card px-3 py-2">
          <Paperclip className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span className="min-w-0 flex-1 truncate text-sm font-medium">{file.name}</span>
          <span className="shrink-0 text-xs text-muted-foreground">{fileSize(file.size)}</span>
          <span className="flex shrink-0 items-center gap-1">
            {passphrase && (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                disabled={busy !== null}
                aria-label={`Download ${file.name}`}
                onClick={() =>
                  void run(`open:${file.id}`, async () =>
                    saveFile(await openBytes(passphrase, await fetchAge(file)), file.name),
                  )
                }
              >
                {busy === `open:${file.id}` ? <Spinner /> : <Download aria-hidden="true" />}
                Download
              </Button>
            )}
            <Button
              type="button"
              variant="ghost"
              size="sm"
              disabled={busy !== null}
              aria-label={`Download ${file.name}.age (still sealed)`}
              onClick={() => void run(`age:${file.id}`, async () => saveFile(await fetchAge(file), `${file.name}.age`))}
            >
              {busy === `age:${file.id}` ? <Spinner /> : <FileLock2 aria-hidden="true" />}
              .age
            </Button>
          </span>
        </li>
      ))}
    </ul>
  );
}
