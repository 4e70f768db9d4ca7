import { initials, type Profile } from "@trigger-switch/contracts";
import { Avatar } from "@/components/ui/avatar";

export interface UserAvatarProps {
  profile: Profile | null;
  className?: string;
  /** Alt text of the image; leave empty when the name is written next to it. Default: "". */
  alt?: string;
}

/** Spec §2: the user's image (avatar_url), else initials, else 'U'. */
export function UserAvatar({ profile, className, alt = "" }: UserAvatarProps) {
  return <Avatar src={profile?.avatar_url} fallback={initials(profile)} alt={alt} className={className} />;
}

export function fullName(profile: Profile | null): string {
  return [profile?.first_name?.trim(), profile?.last_name?.trim()].filter(Boolean).join(" ");
}
