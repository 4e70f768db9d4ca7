import { useAuth } from "@/lib/auth/auth-context";
import { ownerTimeZone } from "@/lib/time-zone";

/** The signed-in owner's zone (lib/time-zone.ts ownerTimeZone): their profile's, else the browser's. */
export function useOwnerTimeZone(): string {
  const { profile } = useAuth();
  return ownerTimeZone(profile?.time_zone);
}
