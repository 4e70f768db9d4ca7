import { useState } from "react";
import { cn } from "@/lib/utils";

export interface AvatarProps {
  src?: string | null;
  /** Text shown when there is no image or it fails to load (e.g. initials). */
  fallback: string;
  /** Describes the image; empty when a visible name sits next to the avatar. Default: "". */
  alt?: string;
  className?: string;
}

/**
 * Not radix Avatar: that one renders the <img> only after a probe load succeeds, which hides
 * the image from anything without a network (tests) and delays it by a round trip.
 */
export function Avatar({ src, fallback, alt = "", className }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = Boolean(src) && failedSrc !== src;
  return (
    <span
      className={cn(
        "relative inline-flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-secondary text-sm font-semibold text-secondary-foreground select-none",
        className,
      )}
    >
      {showImage ? (
        <img
          src={src ?? undefined}
          alt={alt}
          className="size-full object-cover"
          onError={() => setFailedSrc(src ?? null)}
        />
      ) : (
        <span aria-hidden={alt === "" ? true : undefined}>{fallback}</span>
      )}
    </span>
  );
}
