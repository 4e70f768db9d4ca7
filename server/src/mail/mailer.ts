// The interface only: the transports implement it and create-mailer.ts picks one, so neither imports the other's module.
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** "smtp" or "outbox": shown on the status page, never the credentials. */
  readonly kind: "smtp" | "outbox";
  send(mail: Mail): Promise<void>;
  /** Readies what the first send would otherwise wait for (the SMTP thread); main.ts calls it at start. */
  warm?(): void;
  close(): void;
}
