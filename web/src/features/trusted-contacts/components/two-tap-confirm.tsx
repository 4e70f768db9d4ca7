import type { LucideIcon } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

export interface TwoTapConfirmProps {
  /** The first tap's button. */
  label: string;
  icon: LucideIcon;
  /** The first tap's look. Default: outline. */
  variant?: "outline" | "default";
  /** Called on the first tap; false keeps the question closed (e.g. a field to fill in first). */
  onFirstTap?: () => boolean;
  /** The question asked in place, what answering yes does, and the two answers. */
  question: string;
  description: string;
  yes: string;
  no: string;
  pending: boolean;
  onConfirm: () => void;
}

/**
 * A button that asks in place before it acts, as the contact's pages do (their links are opened on
 * phones, where a dialog would cover the page): the first tap turns it into the question, focus
 * follows, and "no" brings focus back to the button.
 */
export function TwoTapConfirm({
  label,
  icon: Icon,
  variant = "outline",
  onFirstTap,
  question,
  description,
  yes,
  no,
  pending,
  onConfirm,
}: TwoTapConfirmProps) {
  const ids = useId();
  const [confirming, setConfirming] = useState(false);
  const questionRef = useRef<HTMLParagraphElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const backFromConfirm = useRef(false);
  useEffect(() => {
    if (confirming) questionRef.current?.focus();
    else if (backFromConfirm.current) {
      backFromConfirm.current = false;
      buttonRef.current?.focus();
    }
  }, [confirming]);

  if (!confirming)
    return (
      <Button
        ref={buttonRef}
        type="button"
        variant={variant}
        className="h-auto min-h-11 py-2 whitespace-normal sm:self-start"
        onClick={() => {
          if (onFirstTap?.() !== false) setConfirming(true);
        }}
      >
        <Icon aria-hidden="true" />
        {label}
      </Button>
    );
  return (
    <div
      role="group"
      aria-labelledby={`${ids}-question`}
      aria-describedby={`${ids}-what`}
      className="flex flex-col gap-3 rounded-lg border-2 border-primary/40 bg-secondary/60 p-4"
    >
      <p
        id={`${ids}-question`}
        ref={questionRef}
        tabIndex={-1}
        className="text-lg font-semibold outline-none focus-visible:outline-2 focus-visible:outline-ring"
      >
        {question}
      </p>
      <p id={`${ids}-what`} className="text-sm">
        {description}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="button" className="h-auto min-h-11 py-2 whitespace-normal" disabled={pending} onClick={onConfirm}>
          {pending ? <Spinner className="text-primary-foreground" /> : <Icon aria-hidden="true" />}
          {yes}
        </Button>
        <Button
          type="button"
          variant="outline"
          className="h-auto min-h-11 py-2 whitespace-normal"
          disabled={pending}
          onClick={() => {
            backFromConfirm.current = true;
            setConfirming(false);
          }}
        >
          {no}
        </Button>
      </div>
    </div>
  );
}
