import { Mail } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { cn } from "@/lib/utils";

/**
 * The header's action row (spec §2). Order: Messages (always), then Check In Now and
 * Emergency, which later issues add here only while the user has an active condition of
 * that kind. On mobile the row sits below the header and the buttons share its width.
 */
export function ActionButtons({ mobile = false }: { mobile?: boolean }) {
  return (
    <div className={cn("flex items-center gap-2", mobile && "w-full *:flex-1")}>
      <Button asChild variant="success" size="sm">
        <Link to={paths.messages}>
          <Mail aria-hidden="true" />
          Messages
        </Link>
      </Button>
    </div>
  );
}
