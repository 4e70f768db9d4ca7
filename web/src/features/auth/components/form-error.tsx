import { CircleAlert } from "lucide-react";
import { Alert } from "@/components/ui/alert";

/** A form-level error (e.g. GoTrue's message), announced when it appears. */
export function FormError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <Alert variant="error" role="alert">
      <CircleAlert aria-hidden="true" />
      <p>{message}</p>
    </Alert>
  );
}
