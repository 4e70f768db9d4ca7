import { profileCompleteness, type Profile } from "@trigger-switch/contracts";
import { CircleCheck } from "lucide-react";
import { useId } from "react";
import { Progress } from "@/components/ui/progress";

/** Spec §5: the share of First Name, Last Name and WhatsApp Number filled, and what is missing. */
export function ProfileCompleteness({ profile }: { profile: Profile | null }) {
  const { percentage, missing, isComplete } = profileCompleteness(profile);
  const labelId = useId();
  return (
    <section aria-labelledby={labelId} className="flex flex-col gap-3">
      {/* Wraps rather than spills: the card is 18rem wide beside the form at 1280 px. */}
      <div className="flex flex-wrap items-baseline justify-between gap-x-2 gap-y-1">
        <h2 id={labelId} className="text-sm font-medium whitespace-nowrap">
          Profile completeness
        </h2>
        <span className="text-sm font-semibold whitespace-nowrap tabular-nums">{percentage}% complete</span>
      </div>
      <Progress value={percentage} aria-labelledby={labelId} />
      {isComplete ? (
        <p className="flex items-center gap-2 text-sm text-success">
          <CircleCheck className="size-4" aria-hidden="true" />
          Your profile is complete.
        </p>
      ) : (
        <div className="text-sm text-muted-foreground">
          <p>Still missing:</p>
          <ul aria-label="Missing profile details" className="mt-1 list-inside list-disc">
            {missing.map((label) => (
              <li key={label}>{label}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
