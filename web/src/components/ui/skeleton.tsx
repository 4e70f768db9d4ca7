import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

/** A grey placeholder of the size of what is loading; hidden from screen readers. */
export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return <div aria-hidden="true" className={cn("animate-pulse rounded-md bg-muted", className)} {...props} />;
}
