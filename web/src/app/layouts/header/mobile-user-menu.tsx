import {
  ChevronDown,
  CreditCard,
  HeartHandshake,
  LayoutDashboard,
  LogOut,
  Mail,
  ShieldCheck,
  User,
  Users,
  type LucideIcon,
} from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { paths } from "@/config/paths";
import { EmailAddress } from "@/components/email-address";
import { fullName, UserAvatar } from "@/features/profile/components/user-avatar";
import { useAuth } from "@/lib/auth/auth-context";
import { useIsAdmin } from "@/lib/auth/me-query";
import { useSignOut } from "@/lib/auth/use-sign-out";
import { cn } from "@/lib/utils";

const entryClass =
  "flex w-full items-center gap-3 rounded-md px-3 py-3 text-left text-base hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring [&_svg]:size-5 [&_svg]:text-muted-foreground";

/**
 * Spec §2 mobile menu: a toggle showing avatar, full name and e-mail that opens a panel
 * below the header with Dashboard, Messages, Recipients, Trusted contacts, Profile, Subscription,
 * (Admin Dashboard), Sign out. A disclosure rather than a modal: it is plain navigation.
 */
export function MobileUserMenu() {
  const { profile, user } = useAuth();
  const isAdmin = useIsAdmin();
  const signOut = useSignOut();
  const panelId = useId();
  const { pathname } = useLocation();
  const toggleRef = useRef<HTMLButtonElement>(null);
  // Open only on the page where it was opened: any navigation closes it, Back included.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (next: boolean) => setOpenOn(next ? pathname : null);

  // Escape closes and returns focus to the toggle.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpenOn(null);
      toggleRef.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  const name = fullName(profile);
  const email = user?.email ?? profile?.email ?? "";
  return (
    <>
      <button
        ref={toggleRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        className="flex min-w-0 items-center gap-2 rounded-2xl py-1 pr-2 pl-1 hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
      >
        <UserAvatar profile={profile} className="size-8 shrink-0" />
        {/* Name and e-mail in full (spec §2), wrapping at "@" and dots rather than cut off. */}
        <span className="flex min-w-0 flex-col text-left leading-tight">
          {name && <span className="text-sm font-medium break-words">{name}</span>}
          <span className="line-clamp-2 text-xs text-muted-foreground">
            <EmailAddress email={email} />
          </span>
        </span>
        <ChevronDown aria-hidden="true" className={cn("size-4 shrink-0 transition-transform", open && "rotate-180")} />
      </button>
      <nav
        id={panelId}
        aria-label="User menu"
        hidden={!open}
        className="absolute inset-x-0 top-full z-40 border-b bg-card px-4 py-2 shadow-lg"
      >
        <p className="border-b px-3 pt-1 pb-3 text-sm">
          {name && <span className="block font-medium break-words">{name}</span>}
          <span className="block text-muted-foreground">
            <EmailAddress email={email} />
          </span>
        </p>
        <ul className="flex flex-col">
          <Entry to={paths.dashboard} icon={LayoutDashboard} label="Dashboard" />
          <Entry to={paths.messages} icon={Mail} label="Messages" />
          <Entry to={paths.recipients} icon={Users} label="Recipients" />
          <Entry to={paths.trustedContacts} icon={HeartHandshake} label="Trusted contacts" />
          <Entry to={paths.profile} icon={User} label="Profile" />
          <Entry to={paths.subscription} icon={CreditCard} label="Subscription" />
          {isAdmin && <Entry to={paths.admin} icon={ShieldCheck} label="Admin Dashboard" />}
          <li className="mt-1 border-t pt-1">
            <button type="button" className={entryClass} onClick={() => void signOut()}>
              <LogOut aria-hidden="true" />
              Sign out
            </button>
          </li>
        </ul>
      </nav>
    </>
  );
}

function Entry({ to, icon: Icon, label }: { to: string; icon: LucideIcon; label: string }) {
  return (
    <li>
      <Link to={to} className={entryClass}>
        <Icon aria-hidden />
        {label}
      </Link>
    </li>
  );
}
