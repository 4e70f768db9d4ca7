import { LockKeyhole } from "lucide-react";
import { Badge } from "@/components/ui/badge";

/** Marks a message sealed with a passphrase: the server cannot read its text or files. */
export function SealedBadge() {
  return (
    <Badge variant="info" title="Sealed with a passphrase: only people who know it can read the text and files">
      <LockKeyhole aria-hidden="true" />
      Sealed
    </Badge>
  );
}
