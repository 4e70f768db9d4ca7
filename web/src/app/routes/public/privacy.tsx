import { LegalPage, LegalSection, SupportContact } from "@/features/legal/components/legal-page";

/**
 * Prerendered and shown before any script runs, so every sentence is true whatever this server
 * offers: WhatsApp and SMS are named "where this service offers them" rather than read from
 * /api/channels after the paint (docs/decisions/030).
 */
export default function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy notice"
      intro="Trigger Switch holds some of the most personal things people write. This notice says plainly what we store, how we protect it, and when anyone else gets to see it."
    >
      <LegalSection title="What we store">
        <ul>
          <li>
            Your account: your e-mail address and your password, stored only as a salted hash, never in readable form.
          </li>
          <li>Your profile: first and last name, WhatsApp number and, if you add one, a profile photo.</li>
          <li>Your messages and their attachments, encrypted at rest.</li>
          <li>Your recipients: the names and contact details you give us so that we can reach them.</li>
          <li>Your trigger conditions, your check-in times and the schedule of reminders they produce.</li>
          <li>
            Delivery logs: which reminder or message was sent, to whom, by which channel, when, and whether it arrived.
          </li>
          <li>
            Your location, only when you press the emergency button on a message set to share it; it is stored with that
            message so its recipients can see where you were.
          </li>
          <li>Technical records needed to keep the service secure, such as sign-in events.</li>
        </ul>
      </LegalSection>
      <LegalSection title="How it is protected">
        <ul>
          <li>All traffic between your browser and the service is encrypted (HTTPS).</li>
          <li>Messages and attachments are encrypted at rest; passwords are hashed with a slow, salted algorithm.</li>
          <li>Every request is tied to your signed-in session, and you only ever see your own data.</li>
          <li>Sign-in sessions use short-lived signed tokens that renew themselves while you use the app.</li>
        </ul>
      </LegalSection>
      <LegalSection title="We never read your messages">
        <p>
          Nobody working on the service reads your messages or attachments. They are processed by machines for one
          purpose only: delivering them to the recipients you chose when a trigger condition fires.
        </p>
      </LegalSection>
      <LegalSection title="How delivery works">
        <p>
          Until a trigger fires, nobody but you can open a message. When one fires, each recipient of that message is
          notified with a private link: by e-mail, and by WhatsApp or SMS where this service offers them and you gave a
          phone number for that recipient. The link opens the message on a secure access page. Recipients do not need an
          account. Every delivery is recorded in the delivery log.
        </p>
        <p>
          Reminders before a deadline are sent to you by e-mail and, where this service offers them and you choose so,
          by WhatsApp or SMS. Your Profile page shows which of these this service offers.
        </p>
        <p>
          Where this service offers it, you can check in by sending a WhatsApp message or an SMS from your number once
          you have verified it with a one-time code. Such a text is read only to check you in or to answer STATUS and
          HELP; we keep when it arrived, from which number and what it did, never its words.
        </p>
      </LegalSection>
      <LegalSection title="Who else handles data">
        <p>
          To deliver e-mail, the notification itself (not the message content) passes through the mail provider
          configured for this service. Where this service offers WhatsApp or SMS, notifications sent that way, sign-in
          codes for a phone you added as a second step, and the texts you send to check in pass through Meta (WhatsApp)
          or Twilio (SMS). Where this service offers paid plans and you subscribe, Stripe handles the payment and
          receives your e-mail address; we never see your card. If you sign in with another provider's account, that
          provider tells us your e-mail address. We do not sell data, show advertising, or use tracking cookies.
        </p>
      </LegalSection>
      <LegalSection title="What your browser keeps">
        <p>
          To keep you signed in, your browser stores your session in its local storage for this site. Signing out
          removes it. No advertising or analytics cookies are set.
        </p>
      </LegalSection>
      <LegalSection title="Your choices, your copy and deleting your account">
        <p>
          You can correct your profile at any time on the Profile page. Under &ldquo;Your data&rdquo; on that page,
          &ldquo;Download my data&rdquo; gives you one file with your profile, messages, recipients, conditions and
          attachments, and &ldquo;Delete my account&rdquo; deletes your account for good once you confirm it.
        </p>
        <p>
          Deleting your account disarms every switch at once and deletes your profile, messages, attachments,
          recipients, trigger conditions, reminder schedule, delivery logs, sessions and security log, your verified
          number with the check-in texts and delivery receipts it left, and the mails to you or about you that this
          service still keeps. Recipients can no longer open messages already delivered.
        </p>
        <p>What remains, and for how long:</p>
        <ul>
          <li>
            What was already sent cannot be recalled: an e-mail handed to a recipient&apos;s mail server, or a WhatsApp
            message or SMS already delivered, stays with its recipient. A send that is under way at the very moment you
            delete may still complete.
          </li>
          <li>
            We send you an e-mail confirming the deletion. Where this service has no mail server of its own, that e-mail
            waits in the service&apos;s local mailbox and is removed once it is 7 days old, when the next mail passes
            through it.
          </li>
          <li>
            If an administrator of this service acted on your account (disabled it, for example), their audit log keeps
            your e-mail address with what they did.
          </li>
          <li>If you had a paid plan, it is cancelled at once; Stripe keeps its own record of your payments.</li>
          <li>
            The service&apos;s logs record requests (when, from which network address, which page) but never your
            messages; the operator decides how long logs and any backups of the database are kept, and your data remains
            in a backup until that backup is replaced.
          </li>
          <li>
            If someone else named you as one of their recipients, your contact details are part of their account, not
            yours, and stay there.
          </li>
        </ul>
      </LegalSection>
      <LegalSection title="Contact">
        <p>
          Questions about this notice or about your data: <SupportContact />.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
