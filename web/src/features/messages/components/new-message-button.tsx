import { PenLine } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";

/** The page header's "New message" action (shown once there is at least one message; the empty state has its own). */
export function NewMessageButton() {
  return (
    <Button asChild>
      <Link to={paths.createMessage}>
        <PenLine aria-hidden="true" />
        New message
      </Link>
    </Button>
  );
}
