import { Power } from "lucide-react";
import { Link } from "react-router";
import { paths } from "@/config/paths";
import { cn } from "@/lib/utils";

export interface LogoProps {
  /** "public": the larger wordmark of the public views (spec §2); "app": compact. Default: "app". */
  variant?: "public" | "app";
}

export function Logo({ variant = "app" }: LogoProps) {
  const isPublic = variant === "public";
  return (
    <Link
      to={paths.home}
      className="inline-flex shrink-0 items-center gap-2 rounded-md font-semibold tracking-tight whitespace-nowrap focus-visible:outline-2 focus-visible:outline-ring"
    >
      <span
        aria-hidden="true"
        className={cn(
          "inline-flex items-center justify-center rounded-lg bg-primary text-primary-foreground",
          isPublic ? "size-9" : "size-8",
        )}
      >
        <Power className={isPublic ? "size-5" : "size-4"} />
      </span>
      {/* On a narrow phone the signed-in header needs the room for the owner's name and e-mail
          (spec §2's mobile menu shows both): the mark stays, the word is for screen readers. */}
      <span className={cn(isPublic ? "text-lg text-primary" : "text-base text-foreground max-[479px]:sr-only")}>
        Trigger Switch
      </span>
    </Link>
  );
}
