import { DUE_LATENESS_LIMIT_S, heartbeatHealth } from "@trigger-switch/contracts";
import type { Diagnostic } from "../api/get-diagnostic";
import { plainDuration } from "./plain-duration";

export type Health = "good" | "warning" | "bad";

export interface Finding {
  title: string;
  health: Health;
  text: string;
  /** What is wrong, in a few words for the page's headline ("e-mails reach no one"); unset when good. */
  problem?: string;
}

/**
 * The page's headline, from the same findings as the cards below it, so it never says "working
 * normally" above a card that says mail reaches no one.
 */
export function diagnosticHeadline(findings: Finding[]): { health: Health; text: string } {
  const bad = findings.filter((f) => f.health === "bad");
  const warnings = findings.filter((f) => f.health === "warning");
  const list = (items: Finding[]) => listWords(items.map((f) => f.problem ?? `${f.title.toLowerCase()} needs a look`));
  if (bad.length > 0)
    return { health: "bad", text: `Trigger Switch is running with problems: ${list([...bad, ...warnings])}` };
  if (warnings.length > 0) return { health: "warning", text: `Trigger Switch is running, but ${list(warnings)}` };
  return { health: "good", text: "Trigger Switch is working normally" };
}

const listWords = (words: string[]) =>
  words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;

/** Each part of GET /api/diagnostic in plain words, with whether it is a worry. */
export function explainDiagnostic(d: Diagnostic): Finding[] {
  return [database(d), engine(d), queue(d), mail(d)];
}

const DATABASE_NAMES: Record<Diagnostic["database"]["kind"], string> = {
  postgres: "PostgreSQL",
  "embedded-postgres": "the embedded PostgreSQL, in this server's data folder",
  pglite: "an in-memory database, for tests",
};

function database({ database: db }: Diagnostic): Finding {
  const kind = DATABASE_NAMES[db.kind];
  return db.ok
    ? {
        title: "Database",
        health: "good",
        text: `The server reaches its database (${kind}). Messages, conditions and check-ins are stored safely.`,
      }
    : {
        title: "Database",
        health: "bad",
        problem: "the database does not answer",
        text: `The server cannot reach its database (${kind}). Check-ins and changes cannot be saved until it is back.`,
      };
}

function engine({ engine: e }: Diagnostic): Finding {
  const title = "Deadline engine";
  if (e.heartbeat_age_seconds === null) {
    return {
      title,
      health: "bad",
      problem: "the deadline engine has never run",
      text: "The engine that watches deadlines and sends reminders has never run here. Nothing will be sent until it starts.",
    };
  }
  const age = plainDuration(e.heartbeat_age_seconds);
  // Late, then down past the outage threshold the downtime guard uses (contracts' heartbeatHealth).
  const health = heartbeatHealth(e.heartbeat_age_seconds);
  if (health === "running") {
    return {
      title,
      health: "good",
      text: `The engine that watches deadlines is running: its last heartbeat was ${age} ago.`,
    };
  }
  if (health === "late") {
    return {
      title,
      health: "warning",
      problem: "the deadline engine is late",
      text: `The engine's last heartbeat was ${age} ago, later than usual. It may be busy or restarting.`,
    };
  }
  return {
    title,
    health: "bad",
    problem: "the deadline engine is not running",
    text: `The engine has not run for ${age}. Reminders and deliveries wait until it is back; deadlines that fall in the outage are then moved by its length, so nobody's message goes out because of our downtime.`,
  };
}

function queue({ queue: q }: Diagnostic): Finding {
  const title = "Reminders and deliveries";
  if (!q)
    return {
      title,
      health: "bad",
      problem: "nothing can be sent",
      text: "Unknown while the database does not answer. Nothing can be sent until it is back.",
    };
  const counts = `${q.pending} scheduled, ${q.due} due now, ${q.claimed} being sent, ${q.parked} given up after retries.`;
  const late = q.oldest_due_lateness_seconds;
  if (q.due > 0 && late !== null && late > DUE_LATENESS_LIMIT_S) {
    return {
      title,
      health: "warning",
      problem: "deliveries are late",
      text: `The oldest item that is due has waited ${plainDuration(late)} past its time. ${counts}`,
    };
  }
  if (q.parked > 0) {
    return {
      title,
      health: "warning",
      problem: "some sends failed",
      text: `Some sends failed even after retries; their owners were told by e-mail. ${counts}`,
    };
  }
  return { title, health: "good", text: `Nothing is waiting past its time. ${counts}` };
}

function mail({ mail: m }: Diagnostic): Finding {
  const title = "E-mail";
  if (m.transport === "smtp")
    return { title, health: "good", text: "E-mails are sent through the configured mail server (SMTP)." };
  return {
    title,
    health: "warning",
    problem: "e-mails reach no one (no mail server is configured)",
    text: "No mail server is configured: e-mails are kept in a local outbox and do not reach anyone. Fine for testing, not for real use.",
  };
}
