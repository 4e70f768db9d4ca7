import { Link } from "react-router";
import { paths } from "@/config/paths";

export function Footer() {
  return (
    <footer className="border-t bg-card">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-8 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between">
        <p>© {new Date().getFullYear()} Trigger Switch. Your words, delivered when it matters.</p>
        <nav aria-label="Legal" className="flex flex-wrap gap-x-5 gap-y-2">
          <Link className="hover:text-foreground hover:underline" to={paths.terms}>
            Terms
          </Link>
          <Link className="hover:text-foreground hover:underline" to={paths.privacy}>
            Privacy
          </Link>
          <Link className="hover:text-foreground hover:underline" to={paths.checkIn}>
            Check in
          </Link>
          <Link className="hover:text-foreground hover:underline" to={paths.diagnostic}>
            Service status
          </Link>
        </nav>
      </div>
    </footer>
  );
}
