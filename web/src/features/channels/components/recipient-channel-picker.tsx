import type { ChannelsInfo, RecipientChannel } from "@trigger-switch/contracts";
import { RECIPIENT_CHANNELS } from "@trigger-switch/contracts";
import { ArrowUp } from "lucide-react";
import { Button } from "@/components/ui/button";
import { CHANNEL_NAMES as NAMES, channelBlocker } from "../utils/channel-blocker";

export interface RecipientChannelPickerProps {
  /** The chosen channels in the order they are tried. */
  value: RecipientChannel[];
  onChange: (next: RecipientChannel[]) => void;
  info: ChannelsInfo | undefined;
  planChannels: readonly string[] | undefined;
  /** What the recipient has saved: kept choosable even if no longer offered (the server allows it). */
  saved?: readonly RecipientChannel[];
  /** The reader is an admin: say which settings a missing channel needs. Default: false. */
  forAdmin?: boolean;
}

/**
 * Which channels reach a recipient and in which order (docs/decisions/014): the first is tried
 * first; one that fails for good hands over to the next, and the owner is told.
 */
export function RecipientChannelPicker({
  value,
  onChange,
  info,
  planChannels,
  saved = [],
  forAdmin = false,
}: RecipientChannelPickerProps) {
  const toggle = (channel: RecipientChannel) =>
    onChange(value.includes(channel) ? value.filter((c) => c !== channel) : [...value, channel]);
  const moveUp = (i: number) => onChange(value.map((c, j) => (j === i - 1 ? value[i]! : j === i ? value[i - 1]! : c)));
  const local = RECIPIENT_CHANNELS.filter(
    (c) => c !== "email" && info?.[c].local && info[c].uses.deliveries && value.includes(c),
  );
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {RECIPIENT_CHANNELS.map((channel) => {
          const blocker = saved.includes(channel) ? null : channelBlocker(channel, info, planChannels, forAdmin);
          return (
            <label
              key={channel}
              className={`flex items-center gap-2 text-sm ${blocker && !value.includes(channel) ? "text-muted-foreground" : ""}`}
              title={blocker ?? undefined}
            >
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={value.includes(channel)}
                disabled={blocker !== null && !value.includes(channel)}
                onChange={() => toggle(channel)}
              />
              {NAMES[channel]}
            </label>
          );
        })}
      </div>
      {RECIPIENT_CHANNELS.map((c) => (saved.includes(c) ? null : channelBlocker(c, info, planChannels, forAdmin)))
        .filter((b): b is string => b !== null)
        .map((b) => (
          <p key={b} className="text-xs text-muted-foreground">
            {b}
          </p>
        ))}
      {value.length > 1 && (
        <ol aria-label="Order in which they are tried" className="flex flex-col gap-1 text-sm">
          {value.map((channel, i) => (
            <li key={channel} className="flex items-center gap-2">
              <span className="w-5 text-muted-foreground">{i + 1}.</span>
              <span className="min-w-0 flex-1">{NAMES[channel]}</span>
              {i > 0 && (
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() => moveUp(i)}
                  aria-label={`Try ${NAMES[channel]} before ${NAMES[value[i - 1]!]}`}
                >
                  <ArrowUp className="size-4" aria-hidden="true" />
                </Button>
              )}
            </li>
          ))}
        </ol>
      )}
      {value.length > 1 && (info?.whatsapp.uses.deliveries || info?.sms.uses.deliveries) && (
        <p className="text-xs text-muted-foreground">
          If {NAMES[value[0]!]} cannot reach them, the next one is tried, and you are told.
        </p>
      )}
      {local.length > 0 && (
        <p className="text-xs text-muted-foreground">
          This server has no {local.map((c) => NAMES[c]).join(" or ")} provider: those messages are kept in the local
          mailbox instead of being sent.
        </p>
      )}
    </div>
  );
}
