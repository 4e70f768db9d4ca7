import { CHANNEL_WORDS, type RecipientChannel } from "@trigger-switch/contracts";
import { formatDateTime } from "@/lib/format-date-time";
import type { OwnerDiagnostic } from "../api/get-message-diagnostic";
import { describeConditionForReader } from "../utils/describe-condition-for-reader";
import { DiagnosticSection, DiagnosticTable } from "./diagnostic-section";

const CONDITION_NAMES: Record<string, string> = {
  no_check_in: "No check-in",
  recurring_check_in: "Recurring check-in",
  inactivity_to_date: "On a date",
  panic_trigger: "Emergency button",
};
const STATUS_WORDS: Record<string, string> = {
  pending: "waiting",
  claimed: "being sent",
  sent: "sent",
  obsolete: "no longer needed",
  parked: "gave up",
  discarded: "given up for good by the service operator",
};

/** The stage of a condition's question to the trusted contacts, in the owner's words. */
function stageWords(stage: OwnerDiagnostic["confirmations"][number]["stage"], when: (iso: string | null) => string) {
  switch (stage.status) {
    case "none":
      return "no question asked yet";
    case "asking":
      return `asking until ${when(stage.until)}: ${stage.answered} of ${stage.asked} answered`;
    case "held":
      return `held by ${stage.held_by ?? "a trusted contact"} until ${when(stage.until)}`;
    case "released":
      return "released after the question";
    case "closed_by_check_in":
      return "you checked in while they were asked";
  }
}

/** "e-mail", "WhatsApp", "SMS": the channel as people name it, never the stored word. */
const channelWord = (channel: string) => CHANNEL_WORDS[channel as RecipientChannel] ?? channel;

/**
 * Everything the engine knows about one message, for its owner: why it will or will not go out.
 * Every time on it is written here from the server's instants, in the reader's zone and locale.
 */
export function OwnerTimeline({
  data,
  timeZone,
  now = new Date(),
}: {
  data: OwnerDiagnostic;
  timeZone: string;
  now?: Date;
}) {
  const when = (iso: string | null) => (iso ? formatDateTime(new Date(iso), timeZone) : "—");
  // The emergency button waits for no check-in, and arming alone sets last_checked to the arming
  // instant: neither is a check-in the owner made.
  const lastCheckIn = (c: OwnerDiagnostic["conditions"][number]) => {
    if (c.condition_type === "panic_trigger") return "not used by the Emergency button";
    if (!c.last_checked || (c.armed_at && Date.parse(c.last_checked) <= Date.parse(c.armed_at)))
      return "none since it was armed";
    return when(c.last_checked);
  };
  const kindOf = (type: string) =>
    type === "final_delivery" ? "Delivery to recipients" : type === "reminder" ? "Reminder to you" : type;
  return (
    <div className="flex flex-col gap-6">
      <DiagnosticSection
        title="Conditions"
        description="What sends this message, and its next deadline."
        empty={data.conditions.length === 0 ? "This message has no conditions." : null}
      >
        <DiagnosticTable
          label="Conditions"
          head={["Condition", "State", "Last check-in", "Next deadline"]}
          rows={data.conditions.map((c) => ({
            key: c.id,
            cells: [
              <span key="t" className="flex flex-col">
                <span className="font-medium">{CONDITION_NAMES[c.condition_type] ?? c.condition_type}</span>
                <span className="text-muted-foreground">{describeConditionForReader(c, now, timeZone)}</span>
              </span>,
              !c.active ? "fired / finished" : c.is_armed ? "armed" : "disarmed",
              lastCheckIn(c),
              when(c.next_deadline),
            ],
          }))}
        />
      </DiagnosticSection>

      {data.confirmations.length > 0 && (
        <DiagnosticSection
          title="Trusted contacts"
          description="Conditions that ask your trusted contacts before releasing. A deadline that became a question shows in the schedule as “no longer needed”, and the release is planned for the end of the contacts' window."
          empty={null}
        >
          <DiagnosticTable
            label="Trusted contacts"
            head={["Condition", "Asks", "Now"]}
            rows={data.confirmations.map((c) => {
              const condition = data.conditions.find((d) => d.id === c.condition_id);
              return {
                key: c.condition_id,
                cells: [
                  CONDITION_NAMES[condition?.condition_type ?? ""] ?? "A condition",
                  c.enabled
                    ? `${c.contact_ids.length === 1 ? "1 contact" : `${c.contact_ids.length} contacts`}: ${c.window_hours} h to answer, a hold gives ${c.hold_days === 1 ? "1 day" : `${c.hold_days} days`}, ${c.release_answers_needed} “release” ${c.release_answers_needed === 1 ? "answer releases" : "answers release"} at once`
                    : "off",
                  stageWords(c.stage, when),
                ],
              };
            })}
          />
        </DiagnosticSection>
      )}

      <DiagnosticSection
        title="Schedule"
        description="Reminders and the final delivery the engine has planned. A check-in makes the old ones “no longer needed” and plans new ones."
        empty={data.schedule.length === 0 ? "Nothing is scheduled." : null}
      >
        <DiagnosticTable
          label="Schedule"
          head={["What", "When", "Status", "Attempts", "Next try / last error"]}
          rows={data.schedule.map((s) => ({
            key: s.id,
            cells: [
              <span key="k" className="flex flex-col">
                {kindOf(s.reminder_type)}
                <span className="text-xs text-muted-foreground">
                  {s.delivery_priority} priority, {s.retry_strategy} retries
                </span>
              </span>,
              when(s.scheduled_at),
              STATUS_WORDS[s.status] ?? s.status,
              String(s.attempts),
              <span key="e" className="flex flex-col">
                {s.next_attempt_at && s.status === "pending" && s.attempts > 0 && (
                  <span>retry {when(s.next_attempt_at)}</span>
                )}
                {s.last_error && <span className="break-words text-destructive">{s.last_error}</span>}
              </span>,
            ],
          }))}
        />
      </DiagnosticSection>

      <DiagnosticSection
        title="Delivery attempts"
        description="Every attempt to send this message's link or a reminder about it, on each channel, with the error when it failed."
        empty={data.deliveries.length === 0 ? "Nothing has been sent yet." : null}
      >
        <DiagnosticTable
          label="Delivery attempts"
          head={["When", "To", "Channel", "Result"]}
          rows={data.deliveries.map((d, i) => ({
            key: `${d.created_at}-${i}`,
            cells: [
              when(d.created_at),
              d.recipient ?? "—",
              channelWord(d.delivery_channel),
              <span key="r" className="flex flex-col">
                {d.delivery_status}
                {d.error && <span className="break-words text-destructive">{d.error}</span>}
              </span>,
            ],
          }))}
        />
      </DiagnosticSection>

      <DiagnosticSection
        title="Releases"
        description="Who received an access link, when it opens and whether they opened it."
        empty={data.releases.length === 0 ? "This message has not been released." : null}
      >
        <DiagnosticTable
          label="Releases"
          head={["Recipient", "Opens", "Expires", "First opened"]}
          rows={data.releases.map((r) => ({
            key: r.id,
            cells: [
              r.recipient_name ?? "A deleted recipient",
              when(r.opens_at),
              r.expires_at ? when(r.expires_at) : "never",
              r.cancelled_at
                ? `withdrawn ${when(r.cancelled_at)}`
                : r.first_opened_at
                  ? when(r.first_opened_at)
                  : "not opened yet",
            ],
          }))}
        />
      </DiagnosticSection>
    </div>
  );
}
