import { Link } from "react-router";
import { paths } from "@/config/paths";
import { LegalPage, LegalSection, SupportContact } from "@/features/legal/components/legal-page";

export default function TermsPage() {
  return (
    <LegalPage
      title="Terms of use"
      intro="These terms describe what Trigger Switch does for you, what it cannot promise, and what we ask of you in return. Please read them before you rely on it."
    >
      <LegalSection title="The service">
        <p>
          Trigger Switch stores messages you write and delivers them to recipients you choose when a trigger condition
          you set fires: no check-in for a set time, a missed recurring check-in, inactivity until a date, or the
          emergency (panic) button.
        </p>
      </LegalSection>
      <LegalSection title="Not an emergency service">
        <p>
          The emergency button sends your message to your own recipients. It does not alert the police, an ambulance or
          any other emergency service. If you are in danger, call your local emergency number first.
        </p>
      </LegalSection>
      <LegalSection title="Your account">
        <ul>
          <li>Give a real e-mail address and keep your profile up to date so we and your recipients can reach you.</li>
          <li>Keep your password to yourself. Anything done with your account is treated as done by you.</li>
          <li>An account is for one person.</li>
        </ul>
      </LegalSection>
      <LegalSection title="Your messages and recipients">
        <ul>
          <li>You are responsible for what you write and for having the right to send it to the people you choose.</li>
          <li>Only add contact details of people you are entitled to contact.</li>
          <li>Do not use the service to harass, threaten or deceive anyone, or for anything unlawful.</li>
        </ul>
      </LegalSection>
      <LegalSection title="Check-ins and delivery">
        <p>
          A message is released when its condition fires, whether or not you meant it to. Keeping your check-ins and
          conditions up to date is your part. We send reminders before deadlines where you asked for them, but we cannot
          guarantee they reach you.
        </p>
        <p>
          Released messages and reminders go by e-mail and, where this service offers them, by WhatsApp or SMS. We work
          hard to deliver every released message, but delivery also depends on others: a recipient's mailbox may file it
          as spam, a phone may be off, an address may be out of date. We record every delivery attempt.
        </p>
        <p>
          If our service is down when a deadline passes, the deadline is moved back by the length of the outage and you
          are reminded first, so our outage never releases a message by itself.
        </p>
      </LegalSection>
      <LegalSection title="Plans and payment">
        <p>
          Where this service offers paid plans, their prices and limits are shown to you before you are asked to pay
          anything, and you can cancel at any time. Deleting your account cancels a paid plan at once.
        </p>
      </LegalSection>
      <LegalSection title="Ending your account">
        <p>
          You may stop using Trigger Switch at any time. You can download a copy of your data, and delete your account
          and everything stored with it, yourself: on the Profile page, under &ldquo;Your data&rdquo;. The{" "}
          <Link to={paths.privacy} className="font-medium text-primary underline">
            privacy notice
          </Link>{" "}
          says what remains after a deletion. We may suspend an account that breaks these terms, and will tell you why
          unless the law prevents it.
        </p>
      </LegalSection>
      <LegalSection title="Privacy">
        <p>
          How we handle your data is described in the{" "}
          <Link to={paths.privacy} className="font-medium text-primary underline">
            privacy notice
          </Link>
          .
        </p>
      </LegalSection>
      <LegalSection title="Changes and contact">
        <p>
          If these terms change in a way that matters, we will tell you by e-mail before the change takes effect.
          Questions: <SupportContact />.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
