import { Skeleton } from "@/components/ui/skeleton";

/** Holds the header's right side while auth-js restores the session. */
export function HeaderSkeleton() {
  return (
    <div role="status" aria-label="Loading account" className="flex items-center gap-3">
      <Skeleton className="h-9 w-24" />
      <Skeleton className="size-9 rounded-full" />
    </div>
  );
}
