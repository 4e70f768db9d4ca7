import type { MessageListItem } from "@trigger-switch/contracts";
import { Paperclip, Users } from "lucide-react";
import { Link } from "react-router";
import { paths } from "@/config/paths";
import type { MessageState } from "../utils/message-state";
import { SealedBadge } from "@/features/sealing";
import { MessageStateBadge } from "./message-state-badge";

/** A message in the list: its state, what happens next and when, and a preview. */
export function MessageCard({ message, state }: { message: MessageListItem; state: MessageState }) {
  return (
    <li className="relative flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm transition-colors focus-within:border-primary hover:border-primary/50 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="min-w-0 text-lg font-semibold break-words">
          {/* The whole card is the link's target area; the heading keeps the accessible name short. */}
          <Link
            to={paths.message(message.id)}
            className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
          >
            {message.title}
          </Link>
        </h2>
        <MessageStateBadge state={state} />
        {message.sealed && <SealedBadge />}
      </div>
      <p
        className={
          state.kind === "armed" || state.kind === "due" ? "text-sm font-medium" : "text-sm text-muted-foreground"
        }
      >
        {state.sentence}
      </p>
      {message.sealed ? (
        <p className="text-sm text-muted-foreground">Sealed: the text opens only with its passphrase.</p>
      ) : (
        message.preview && <p className="line-clamp-2 text-sm text-muted-foreground">{message.preview}</p>
      )}
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
        <span className="inline-flex items-center gap-1">
          <Users className="size-3.5" aria-hidden="true" />
          {message.recipient_count} recipient{message.recipient_count === 1 ? "" : "s"}
        </span>
        <span className="inline-flex items-center gap-1">
          <Paperclip className="size-3.5" aria-hidden="true" />
          {message.attachment_count} attachment{message.attachment_count === 1 ? "" : "s"}
        </span>
        <span>
          {message.conditions.length} condition{message.conditions.length === 1 ? "" : "s"}
        </span>
      </p>
    </li>
  );
}
