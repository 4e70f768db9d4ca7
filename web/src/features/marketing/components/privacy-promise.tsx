import { EyeOff, KeyRound, Lock } from "lucide-react";
import { Link } from "react-router";
import { paths } from "@/config/paths";

const points = [
  { icon: Lock, title: "Encrypted at rest", text: "Messages and attachments are stored encrypted." },
  {
    icon: EyeOff,
    title: "Private until released",
    text: "We never read your messages. Recipients see nothing until a trigger fires.",
  },
  { icon: KeyRound, title: "Yours to change", text: "Edit or delete a message at any time before it is released." },
];

export function PrivacyPromise() {
  return (
    <section aria-labelledby="privacy-title" className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
      <h2 id="privacy-title" className="text-center text-3xl font-semibold tracking-tight">
        Private by design
      </h2>
      <ul className="mt-10 grid gap-6 md:grid-cols-3">
        {points.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex flex-col items-center gap-2 text-center">
            <Icon className="size-7 text-primary" aria-hidden="true" />
            <h3 className="font-semibold">{title}</h3>
            <p className="text-sm text-muted-foreground">{text}</p>
          </li>
        ))}
      </ul>
      <p className="mt-8 text-center text-sm">
        <Link to={paths.privacy} className="font-medium text-primary hover:underline">
          Read how we handle your data
        </Link>
      </p>
    </section>
  );
}
