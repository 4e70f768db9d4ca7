import { useEffect } from "react";
import { cn } from "@/lib/utils";
import { useTimeLeft } from "../hooks/use-time-left";
import { countdownText, countdownWords } from "../utils/countdown-text";

const URGENT_MS = 60 * 60_000;

/**
 * The time left until `deadline`, counting down on its own: only this line renders as it ticks, not
 * the card around it. `onPassed` runs once the deadline has passed, so the card can move on to the
 * next one.
 */
export function Countdown({ deadline, onPassed }: { deadline: Date; onPassed: () => void }) {
  const msLeft = useTimeLeft(deadline);
  const passed = msLeft <= 0;
  useEffect(() => {
    if (passed) onPassed();
  }, [passed, onPassed]);
  return (
    <p
      role="timer"
      aria-label={`Time left: ${countdownWords(msLeft)}`}
      className={cn(
        "text-3xl font-semibold tracking-tight tabular-nums sm:text-4xl",
        msLeft < URGENT_MS && "text-destructive",
      )}
    >
      {countdownText(msLeft)}
    </p>
  );
}
