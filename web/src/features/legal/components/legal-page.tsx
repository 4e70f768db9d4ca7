import type { ReactNode } from "react";
import { EmailAddress } from "@/components/email-address";
import { env } from "@/config/env";

/** Long-form text with readable line length and spacing. */
export function LegalPage({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">{title}</h1>
      <p className="mt-4 text-lg text-muted-foreground">{intro}</p>
      <div className="mt-10 flex flex-col gap-8 text-[0.95rem] leading-relaxed [&_li]:ml-5 [&_li]:list-disc [&_ul]:mt-2 [&_ul]:flex [&_ul]:flex-col [&_ul]:gap-1.5">
        {children}
      </div>
    </article>
  );
}

export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2">
      <h2 className="text-xl font-semibold">{title}</h2>
      {children}
    </section>
  );
}

/** The support address when the operator configured one (VITE_SUPPORT_EMAIL), else a description. */
export function SupportContact() {
  const email = env.VITE_SUPPORT_EMAIL;
  if (!email) return <>the operator of this Trigger Switch service</>;
  return (
    <a className="font-medium text-primary underline" href={`mailto:${email}`}>
      <EmailAddress email={email} />
    </a>
  );
}
