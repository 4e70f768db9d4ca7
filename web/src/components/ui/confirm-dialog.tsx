import type { ReactNode } from "react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "./alert-dialog";

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens it (omit when the caller opens it, e.g. from a menu). */
  trigger?: ReactNode;
  title: ReactNode;
  /** What happens, what it takes with it, and whether it can be undone. */
  description: ReactNode;
  /** Extra content between the description and the buttons (e.g. an optional reason field). */
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** While the server is answering: the confirm button is disabled. */
  pending: boolean;
  /** The confirm button is disabled while what was entered is invalid. Default: false. */
  confirmDisabled?: boolean;
  /** Called on confirm; the dialog stays open until the caller closes it (after the server answered). */
  onConfirm: () => void;
}

/** The one confirmation before something that cannot be undone (delete, withdraw). */
export function ConfirmDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  children,
  confirmLabel,
  cancelLabel = "Cancel",
  pending,
  confirmDisabled = false,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      {trigger && <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>}
      <AlertDialogContent>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription>{description}</AlertDialogDescription>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel>{cancelLabel}</AlertDialogCancel>
          <AlertDialogAction
            disabled={pending || confirmDisabled}
            onClick={(event) => {
              event.preventDefault();
              onConfirm();
            }}
          >
            {confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
