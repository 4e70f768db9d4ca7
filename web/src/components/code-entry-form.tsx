import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/utils";

export interface CodeEntryFormProps {
  /** The code field's label; screen readers and tests find the field by it. */
  label: string;
  hint?: string;
  /** Shown under the field and announced; unset while there is nothing to say. */
  error?: string;
  code: string;
  onCodeChange: (code: string) => void;
  /** Called on submit with the code as typed; the caller checks it (spaces and dashes included). */
  onSubmit: (code: string) => void;
  submitLabel: string;
  /** While the code is being checked: the submit button spins and is disabled. */
  checking: boolean;
  /** Disables the submit button without a spinner as well (e.g. while a new code is being sent). */
  submitDisabled?: boolean;
  /** What comes before the field: where the code was sent, a factor to choose, send buttons. */
  children?: ReactNode;
  /** Buttons beside the submit button (send again, cancel); without any, the button spans the form. */
  actions?: ReactNode;
  /** What comes after the buttons. */
  footer?: ReactNode;
  /** "lg": the sign-in step's larger field and button (default "default"). */
  size?: "default" | "lg";
  autoFocus?: boolean;
  className?: string;
  "aria-label"?: string;
}

/**
 * The one form for a 6-digit code sent by an app or a message: the field phones fill in by
 * themselves (one-time-code, numeric keypad) and the button that submits it. Room for spaces and a
 * dash (9 characters), since people type codes as they read them.
 */
export function CodeEntryForm({
  label,
  hint,
  error,
  code,
  onCodeChange,
  onSubmit,
  submitLabel,
  checking,
  submitDisabled = false,
  children,
  actions,
  footer,
  size = "default",
  autoFocus,
  className,
  "aria-label": ariaLabel,
}: CodeEntryFormProps) {
  const submit = (
    <Button type="submit" size={size === "lg" ? "lg" : undefined} disabled={checking || submitDisabled}>
      {checking && <Spinner className="text-primary-foreground" />}
      {submitLabel}
    </Button>
  );
  return (
    <form
      noValidate
      aria-label={ariaLabel}
      className={cn("flex flex-col gap-3", className)}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(code);
      }}
    >
      {children}
      <FormField label={label} hint={hint} error={error}>
        <Input
          value={code}
          onChange={(event) => onCodeChange(event.target.value)}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={9}
          autoFocus={autoFocus}
          className={size === "lg" ? "text-lg tracking-[0.3em]" : "tracking-[0.3em] sm:max-w-48"}
        />
      </FormField>
      {actions ? (
        <div className="flex flex-wrap gap-2">
          {submit}
          {actions}
        </div>
      ) : (
        submit
      )}
      {footer}
    </form>
  );
}
