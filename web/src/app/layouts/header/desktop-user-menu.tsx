import { CreditCard, HeartHandshake, LogOut, Mail, ShieldCheck, User, Users, type LucideIcon } from "lucide-react";
import { Link } from "react-router";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { paths } from "@/config/paths";
import { UserAvatar } from "@/features/profile/components/user-avatar";
import { useAuth } from "@/lib/auth/auth-context";
import { useIsAdmin } from "@/lib/auth/me-query";
import { useSignOut } from "@/lib/auth/use-sign-out";

/** Spec §2 order: Messages, Recipients, Trusted contacts | Profile, Subscription, (Admin Dashboard) | Sign out. */
export function DesktopUserMenu() {
  const { profile } = useAuth();
  const isAdmin = useIsAdmin();
  const signOut = useSignOut();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label="Open user menu"
        // flex: as an inline box the avatar sat on the text baseline, 3 px above the buttons beside it.
        className="flex rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <UserAvatar profile={profile} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <MenuLink to={paths.messages} icon={Mail} label="Messages" />
        <MenuLink to={paths.recipients} icon={Users} label="Recipients" />
        <MenuLink to={paths.trustedContacts} icon={HeartHandshake} label="Trusted contacts" />
        <DropdownMenuSeparator />
        <MenuLink to={paths.profile} icon={User} label="Profile" />
        <MenuLink to={paths.subscription} icon={CreditCard} label="Subscription" />
        {isAdmin && <MenuLink to={paths.admin} icon={ShieldCheck} label="Admin Dashboard" />}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void signOut()}>
          <LogOut aria-hidden="true" />
          Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function MenuLink({ to, icon: Icon, label }: { to: string; icon: LucideIcon; label: string }) {
  return (
    <DropdownMenuItem asChild>
      <Link to={to}>
        <Icon aria-hidden="true" />
        {label}
      </Link>
    </DropdownMenuItem>
  );
}
