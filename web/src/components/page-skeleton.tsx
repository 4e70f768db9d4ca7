import { Skeleton } from "@/components/ui/skeleton";

/** Placeholder while a page's code or data loads; announced once as "Loading page". */
export function PageSkeleton() {
  return (
    <div role="status" aria-label="Loading page" className="mx-auto w-full max-w-5xl px-4 py-10">
      <Skeleton className="h-8 w-56" />
      <Skeleton className="mt-3 h-4 w-80 max-w-full" />
      <div className="mt-8 grid gap-4 sm:grid-cols-2">
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
      </div>
    </div>
  );
}
