import { useChannelsInfo } from "@/features/channels/api/get-channels-info";
import { messagingWords } from "@/features/channels/utils/channel-sentences";
import { LegalPage, LegalSection, SupportContact } from "@/features/legal/components/legal-page";

export default function PrivacyPage() {
  // Only what this server really does by message (GET /api/channels); e-mail only until it says more.
  const { checkInBy, remindBy, deliverBy, anyMessaging, providers } = messagingWords(useChannelsInfo().data);
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
          notified{" "}
          {deliverBy ? `by e-mail or by ${deliverBy}, depending on the contact details you gave,` : "by e-mail"} with a
          private link. The link opens the message on a secure access page. Recipients do not need an account. Every
          delivery is recorded in the delivery log.
        </p>
        <p>
          Reminders before a deadline are sent to you by e-mail{remindBy ? ` and, if you choose, by ${remindBy}` : ""}.
        </p>
        {checkInBy && (
          <p>
            You can check in by sending a text by {checkInBy} from your number once you have verified it with a one-time
            code. Such a text is read only to check you in or to answer STATUS and HELP; we keep when it arrived, from
            which number and what it did, never its words.
          </p>
        )}
      </LegalSection>
      <LegalSection title="Who else handles data">
        <p>
          {anyMessaging
            ? `To deliver e-mail and messaging-app notifications, the notification itself (not the message content) passes through the mail and messaging providers configured for this service (${providers}), and so do the texts you send to check in.`
            : "To deliver e-mail, the notification itself (not the message content) passes through the mail provider configured for this service."}{" "}
          We do not sell data, show advertising, or use tracking cookies.
        </p>
      </LegalSection>
      <LegalSection title="What your browser keeps">
        <p>
          To keep you signed in, your browser stores your session in its local storage for this site. Signing out
          removes it. No advertising or analytics cookies are set.
        </p>
      </LegalSection>
      <LegalSection title="Your choices and deleting your account">
        <p>
          You can correct your profile at any time on the Profile page. To delete your account, or to receive a copy of
          your data, write to <SupportContact /> from the e-mail address of your account. Deleting an account deletes
          your profile, messages, attachments, recipients, trigger conditions and reminder schedule. Deleting from
          within the app is not available yet.
        </p>
      </LegalSection>
      <LegalSection title="Contact">
        <p>
          Questions about this notice or about your data: <SupportContact />.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
