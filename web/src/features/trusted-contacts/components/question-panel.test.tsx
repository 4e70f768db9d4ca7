import { screen, within } from "@testing-library/react";
import type { ContactQuestion } from "@trigger-switch/contracts";
import { describe, expect, it, vi } from "vitest";
import { createFakeTrustedContact, makeQuestion, QUESTION_TOKEN } from "@/testing/fake-trusted-contact";
import { renderApp } from "@/testing/render-app";
import { formatWhen } from "@/lib/format-date-time";
import { browserTimeZone } from "@/lib/time-zone";

// The page's code loads lazily.
const LOADED = { timeout: 5000 };
const PATH = `/contact/question?token=${QUESTION_TOKEN}`;
const HOLD = "They're OK — hold";
const RELEASE = "I can't reach them — release";

function openQuestion(question: ContactQuestion | null = makeQuestion()) {
  const fake = createFakeTrustedContact({ question });
  return { ...renderApp({ path: PATH, api: fake.routes }), fake };
}

const when = (iso: string) => formatWhen(new Date(iso), new Date(), browserTimeZone());
const answers = (calls: { path: string; body: unknown }[]) =>
  calls.filter((c) => c.path === "/api/contact/question").map((c) => c.body);
const main = () => within(screen.getByRole("main"));

describe("the question to a trusted contact", () => {
  it("asks whether they have been in touch since the last check-in, and says what happens next and when", async () => {
    const question = makeQuestion();
    const { server } = openQuestion(question);
    expect(
      await screen.findByRole(
        "heading",
        { level: 1, name: `Have you been in touch with Ada since ${when(question.since)}?` },
        LOADED,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: HOLD })).toHaveAccessibleDescription(
      "Nothing is sent for now, and Ada is told that you said they are OK.",
    );
    expect(screen.getByRole("button", { name: RELEASE })).toHaveAccessibleDescription(
      "What Ada prepared is sent at once. You are asked to confirm first.",
    );
    expect(
      screen.getByText(`If nobody answers by ${when(question.ends_at)}, what Ada prepared is sent then.`),
    ).toBeInTheDocument();
    expect(
      screen.getByText("If Ada checks in before then, this question closes and nothing is sent."),
    ).toBeInTheDocument();
    expect(server.calls.filter((c) => c.path.startsWith("/api/contact"))).toEqual([
      { method: "POST", path: "/api/contact/question/lookup", body: { token: QUESTION_TOKEN } },
    ]);
  });

  it("holds with one tap, and says Ada has been told", async () => {
    const { server, user } = openQuestion();
    await user.click(await screen.findByRole("button", { name: HOLD }, LOADED));
    expect(await screen.findByRole("heading", { level: 1, name: "Thank you" })).toBeInTheDocument();
    expect(screen.getByText("Nothing is sent for now; Ada has been told.")).toBeInTheDocument();
    expect(screen.getByText("Your answer: “They're OK — hold”.")).toBeInTheDocument();
    expect(main().queryByRole("button")).not.toBeInTheDocument();
    expect(answers(server.calls)).toEqual([{ token: QUESTION_TOKEN, answer: "hold" }]);
  });

  it("asks a second time in place before a release that sends at once, and can go back", async () => {
    const { server, user } = openQuestion();
    await user.click(await screen.findByRole("button", { name: RELEASE }, LOADED));
    // Nothing is sent by the first tap.
    expect(answers(server.calls)).toEqual([]);
    const confirm = screen.getByRole("group", { name: "Send it now?" });
    expect(confirm).toHaveAccessibleDescription(
      "Your answer sends what Ada prepared at once. You cannot change your answer afterwards.",
    );
    expect(within(confirm).getByText("Send it now?")).toHaveFocus();
    expect(screen.queryByRole("button", { name: RELEASE })).not.toBeInTheDocument();

    await user.click(within(confirm).getByRole("button", { name: "No, go back" }));
    expect(screen.queryByRole("group", { name: "Send it now?" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: RELEASE })).toHaveFocus();
    expect(answers(server.calls)).toEqual([]);

    await user.click(screen.getByRole("button", { name: RELEASE }));
    await user.click(screen.getByRole("button", { name: "Yes, send it now" }));
    expect(await screen.findByRole("heading", { level: 1, name: "It has been sent" })).toBeInTheDocument();
    expect(screen.getByText("Your answer was recorded, and what Ada prepared has been sent.")).toBeInTheDocument();
    expect(answers(server.calls)).toEqual([{ token: QUESTION_TOKEN, answer: "release" }]);
  });

  it("counts a release that is not yet enough, and says when it is sent at the latest", async () => {
    const question = makeQuestion({ release_answers_needed: 2 });
    const { user } = openQuestion(question);
    expect(await screen.findByRole("button", { name: RELEASE }, LOADED)).toHaveAccessibleDescription(
      "What Ada prepared is sent at once when 2 trusted contacts have answered this; 0 have so far. You are asked to confirm first.",
    );
    await user.click(screen.getByRole("button", { name: RELEASE }));
    expect(screen.getByRole("group", { name: "Record “I can't reach them”?" })).toHaveAccessibleDescription(
      "Your answer counts towards the 2 needed to send what Ada prepared at once; 0 answered so far. You cannot change your answer afterwards.",
    );
    await user.click(screen.getByRole("button", { name: "Yes, record my answer" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Your answer is recorded" })).toBeInTheDocument();
    expect(
      screen.getByText("Your answer is recorded. 1 of 2 “I can't reach them” answers needed to send it at once."),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        `Unless a trusted contact answers “They're OK” or Ada checks in, it is sent no later than ${when(question.ends_at)}.`,
      ),
    ).toBeInTheDocument();
  });

  it("shows a release already given on a later visit, without the buttons", async () => {
    openQuestion(makeQuestion({ your_answer: "release", release_answers: 1, release_answers_needed: 3 }));
    expect(
      await screen.findByText("Your answer: “I can't reach them — release”. It is recorded.", {}, LOADED),
    ).toBeInTheDocument();
    expect(screen.getByText("1 of 3 “I can't reach them” answers needed to send it at once.")).toBeInTheDocument();
    expect(main().queryByRole("button")).not.toBeInTheDocument();
  });

  it("says the first answer counts when a different one was given first", async () => {
    const { user, fake } = openQuestion(makeQuestion({ release_answers_needed: 2 }));
    await screen.findByRole("button", { name: HOLD }, LOADED);
    // Answered from another device meanwhile.
    fake.state.question = makeQuestion({ your_answer: "release", release_answers: 1, release_answers_needed: 2 });
    await user.click(screen.getByRole("button", { name: HOLD }));
    expect(await screen.findByRole("heading", { level: 1, name: "You already answered" })).toBeInTheDocument();
    expect(
      screen.getByText(
        "You already answered “I can't reach them — release”; your first answer counts. 1 of 2 “I can't reach them” answers needed to send it at once.",
      ),
    ).toBeInTheDocument();
  });

  it("counts the same answer once, and says how the question stands", async () => {
    const { user, fake } = openQuestion();
    await screen.findByRole("button", { name: HOLD }, LOADED);
    fake.state.question = makeQuestion({ status: "held", your_answer: "hold" });
    await user.click(screen.getByRole("button", { name: HOLD }));
    expect(await screen.findByRole("heading", { level: 1, name: "Nothing is sent for now" })).toBeInTheDocument();
    expect(screen.getByText("You had already given this answer; it counts once.")).toBeInTheDocument();
  });

  it("says an answer was not recorded when the question closed before it", async () => {
    const { user, fake } = openQuestion();
    await screen.findByRole("button", { name: HOLD }, LOADED);
    fake.state.question = makeQuestion({ status: "closed_by_check_in" });
    await user.click(screen.getByRole("button", { name: HOLD }));
    expect(await screen.findByRole("heading", { level: 1, name: "Ada checked in" })).toBeInTheDocument();
    expect(screen.getByText("Your answer was not recorded.")).toBeInTheDocument();
  });

  it.each([
    [
      "held",
      "Nothing is sent for now",
      "A trusted contact answered that Ada is OK, so nothing is sent for now. There is nothing more you need to do.",
    ],
    ["released", "It has been sent", "What Ada prepared has been sent. There is nothing more you need to do."],
    [
      "closed_by_check_in",
      "Ada checked in",
      "Ada checked in, so nothing is sent and this question is closed. There is nothing more you need to do.",
    ],
    [
      "superseded",
      "This question is closed",
      "This link is for an earlier question about Ada, which has closed. There is nothing to answer here.",
    ],
    [
      "removed",
      "You are no longer a trusted contact of Ada",
      "This question is no longer yours to answer, and this link changes nothing.",
    ],
  ] as const)("says in one sentence that the question is %s, with no buttons", async (status, heading, sentence) => {
    openQuestion(makeQuestion({ status }));
    expect(await screen.findByRole("heading", { level: 1, name: heading }, LOADED)).toBeInTheDocument();
    expect(screen.getByText(sentence)).toBeInTheDocument();
    expect(screen.queryByText(/^Your answer/)).not.toBeInTheDocument();
    expect(main().queryByRole("button")).not.toBeInTheDocument();
  });

  it("shows the contact's own answer on a closed question", async () => {
    openQuestion(makeQuestion({ status: "released", your_answer: "release", release_answers: 1 }));
    expect(await screen.findByRole("heading", { level: 1, name: "It has been sent" }, LOADED)).toBeInTheDocument();
    expect(screen.getByText("Your answer: “I can't reach them — release”.")).toBeInTheDocument();
  });

  it("offers no answer once the time to answer is over", async () => {
    const question = makeQuestion({ ends_at: new Date(Date.now() - 60_000).toISOString() });
    openQuestion(question);
    expect(
      await screen.findByText(`The time to answer ended on ${when(question.ends_at)}.`, {}, LOADED),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: HOLD })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: RELEASE })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Look again" })).toBeEnabled();
  });

  it("writes times on the reader's clock", async () => {
    vi.spyOn(navigator, "language", "get").mockReturnValue("en-US");
    openQuestion();
    expect(
      await screen.findByRole(
        "heading",
        { level: 1, name: /^Have you been in touch with Ada since .+ (AM|PM)\?$/ },
        LOADED,
      ),
    ).toBeInTheDocument();
  });

  it("shows one page that reveals nothing for an unknown link", async () => {
    openQuestion(null);
    expect(
      await screen.findByRole("heading", { level: 1, name: "This link is not valid" }, LOADED),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Ada/)).not.toBeInTheDocument();
  });

  it("keeps the buttons after a failed answer so the contact can try again", async () => {
    const fake = createFakeTrustedContact();
    const { user } = renderApp({
      path: PATH,
      api: { ...fake.routes, "POST /api/contact/question": () => ({ status: 503, body: null }) },
    });
    await user.click(await screen.findByRole("button", { name: HOLD }, LOADED));
    expect(await screen.findByText("Something went wrong")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: HOLD })).toBeEnabled();
  });

  it("says the link is incomplete without a token", async () => {
    renderApp({ path: "/contact/question" });
    expect(
      await screen.findByRole("heading", { level: 1, name: "This link is incomplete" }, LOADED),
    ).toBeInTheDocument();
  });
});
