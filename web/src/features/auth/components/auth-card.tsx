import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

export interface AuthCardProps {
  title: string;
  description?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
}

/** The frame of every sign-in, sign-up and password page. */
export function AuthCard({ title, description, footer, children }: AuthCardProps) {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col px-4 py-10 sm:py-16">
      <Card>
        <CardHeader>
          {/* Each auth page's one heading, at level 1. */}
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        <CardContent>{children}</CardContent>
        {footer && <CardFooter className="flex-col items-start text-sm text-muted-foreground">{footer}</CardFooter>}
      </Card>
    </div>
  );
}

export function AuthCardSkeleton() {
  return (
    <div role="status" aria-label="Loading" className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <Skeleton className="h-80 rounded-xl" />
    </div>
  );
}
