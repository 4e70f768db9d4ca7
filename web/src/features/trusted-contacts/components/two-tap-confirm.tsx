import type { LucideIcon } from "lucide-react";
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/utils";

/*
 * Asking in place before acting, as the contact's pages do (their links are opened on phones, where
 * a dialog would cover the page): the first tap turns the button into the question, focus follows,
 * and going back returns focus to the button. `useTwoTap` is that behaviour; `ConfirmInPlace` the
 * question's box; `TwoTapConfirm` both with plain buttons.
 */

export function useTwoTap() {
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
  return {
    confirming,
    ask: () => setConfirming(true),
    back: () => {
      backFromConfirm.current = true;
      setConfirming(false);
    },
    questionRef,
    buttonRef,
  };
}

/** The question asked in place: a labelled group with what answering yes does, and the answers as children. */
export function ConfirmInPlace({
  question,
  description,
  questionRef,
  destructive = false,
  children,
}: {
  question: string;
  description: ReactNode;
  questionRef: RefObject<HTMLParagraphElement | null>;
  /** Styled as a step that cannot be undone (stepping down, sending). */
  destructive?: boolean;
  children: ReactNode;
}) {
  const ids = useId();
  return (
    <div
      role="group"
      aria-labelledby={`${ids}-question`}
      aria-describedby={`${ids}-what`}
      className={cn(
        "flex flex-col gap-3 rounded-lg border-2 p-4",
        destructive ? "border-destructive/50 bg-destructive/5" : "border-primary/40 bg-secondary/60",
      )}
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
      {children}
    </div>
  );
}

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
  const { confirming, ask, back, questionRef, buttonRef } = useTwoTap();
  if (!confirming)
    return (
      <Button
        ref={buttonRef}
        type="button"
        variant={variant}
        className="h-auto min-h-11 py-2 whitespace-normal sm:self-start"
        onClick={() => {
          if (onFirstTap?.() !== false) ask();
        }}
      >
        <Icon aria-hidden="true" />
        {label}
      </Button>
    );
  return (
    <ConfirmInPlace question={question} description={description} questionRef={questionRef}>
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
          onClick={back}
        >
          {no}
        </Button>
      </div>
    </ConfirmInPlace>
  );
}
