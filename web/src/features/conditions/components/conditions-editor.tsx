import type { Condition, PlanCheckInRules } from "@trigger-switch/contracts";
import { Plus } from "lucide-react";
import { useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { useNow } from "@/hooks/use-now";
import { checkDraft } from "../utils/check-draft";
import { conditionToDraft, newDraft, type ConditionDraft } from "../utils/condition-draft";
import { draftToUpdate } from "../utils/draft-to-input";
import { ConditionBuilder } from "./condition-builder";
import { ConditionTypePicker } from "./condition-type-picker";

export interface ConditionsEditorProps {
  drafts: ConditionDraft[];
  onChange: (drafts: ConditionDraft[]) => void;
  /** The message's saved conditions, to tell an untouched one (its own clock runs) from a changed one. */
  saved?: Condition[];
  /** Server messages by draft key. */
  serverErrors?: Record<string, Record<string, string>>;
  timeZone: string;
  /** The plan's shortest no-check-in interval; unknown (loading, failed) offers everything and the server checks. */
  plan?: PlanCheckInRules;
}

/** The message's conditions: add one of the four types, edit, remove; each previews what will happen. */
export function ConditionsEditor({
  drafts,
  onChange,
  saved = [],
  serverErrors = {},
  timeZone,
  plan,
}: ConditionsEditorProps) {
  // Previews speak in minutes; re-reading the clock every 15 s keeps "Tue 14:00" right without churn.
  const now = useNow(15_000);
  const [picking, setPicking] = useState(drafts.length === 0);
  const savedBodies = useMemo(
    () =>
      new Map(
        saved.map((c) => [c.id, { condition: c, body: JSON.stringify(draftToUpdate(conditionToDraft(c, timeZone))) }]),
      ),
    [saved, timeZone],
  );

  const replace = (key: string, next: ConditionDraft) => onChange(drafts.map((d) => (d.key === key ? next : d)));
  return (
    <div className="flex flex-col gap-4">
      {drafts.map((draft) => {
        const entry = draft.id ? savedBodies.get(draft.id) : undefined;
        const unchanged = entry && entry.body === JSON.stringify(draftToUpdate(draft)) ? entry.condition : undefined;
        return (
          <ConditionBuilder
            key={draft.key}
            draft={draft}
            onChange={(next) => replace(draft.key, next)}
            onRemove={() => onChange(drafts.filter((d) => d.key !== draft.key))}
            check={checkDraft(draft, now)}
            serverErrors={serverErrors[draft.key]}
            unchanged={unchanged}
            now={now}
            timeZone={timeZone}
            plan={plan}
          />
        );
      })}
      {picking ? (
        <div className="flex flex-col gap-3 rounded-xl border border-dashed p-4">
          <div className="flex items-center justify-between gap-2">
            <p className="text-sm font-medium">
              {drafts.length === 0 ? "What should send this message?" : "Add another condition"}
            </p>
            {drafts.length > 0 && (
              <Button type="button" variant="ghost" size="sm" onClick={() => setPicking(false)}>
                Cancel
              </Button>
            )}
          </div>
          <ConditionTypePicker
            onPick={(type) => {
              onChange([...drafts, newDraft(type, timeZone)]);
              setPicking(false);
            }}
          />
        </div>
      ) : (
        <div>
          <Button type="button" variant="outline" onClick={() => setPicking(true)}>
            <Plus aria-hidden="true" />
            Add a condition
          </Button>
        </div>
      )}
    </div>
  );
}
