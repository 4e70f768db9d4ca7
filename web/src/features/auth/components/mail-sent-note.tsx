import { EmailAddress } from "@/components/email-address";
import { Skeleton } from "@/components/ui/skeleton";
import { useServerMeta } from "../api/get-server-meta";

/**
 * Where an account e-mail (confirmation or reset link) went, true for this server: sent by its
 * mail server, kept in its local mailbox (no mail server; MailboxHint says who can open it), or
 * nowhere a person can reach (no mail server and no mailbox, as in production).
 */
export function MailSentNote({ to, what, ifAccount = false }: { to: string; what: string; ifAccount?: boolean }) {
  const { data, isPending } = useServerMeta();
  if (isPending) return <Skeleton className="h-10" />;
  const address = (
    <strong>
      <EmailAddress email={to} />
    </strong>
  );
  if (data?.mail === "outbox" && data.mailbox) {
    return (
      <p>
        {ifAccount ? (
          <>
            If an account exists for {address}, {what} for it
          </>
        ) : (
          <>
            {capitalise(what)} for {address}
          </>
        )}{" "}
        is ready, but it was not e-mailed: this server has no mail server, so it keeps its e-mails in a local mailbox
        (below).
      </p>
    );
  }
  if (data?.mail === "outbox") {
    return (
      <p>
        This server has no mail server configured, so no e-mail can reach {address}. Ask the person who runs it to set
        one up (SMTP_URL); until then {what} cannot be delivered.
      </p>
    );
  }
  return (
    <p>
      {ifAccount ? (
        <>
          If an account exists for {address}, we have sent it {what}.
        </>
      ) : (
        <>
          We sent {what} to {address}.
        </>
      )}{" "}
      If nothing arrives within a few minutes, check your spam folder.
    </p>
  );
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
