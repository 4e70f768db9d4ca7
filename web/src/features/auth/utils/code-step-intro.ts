/**
 * What the code step says first, true to how this session was opened (its `amr` method): only a
 * password sign-in may be told its password was right. An e-mailed link (a password reset, a new
 * address confirmed) also opens a new session that must give the second factor, which is why a
 * browser that had already given it is asked again: it is said, not left to guess.
 */
export function codeStepIntro(openedBy: string | null): { lead: string | null; ask: string } {
  switch (openedBy) {
    case "password":
      return { lead: "Your password was right.", ask: "Now enter" };
    case "oauth":
      return { lead: "Your sign-in provider confirmed who you are.", ask: "Now enter" };
    case "otp":
      return { lead: "Your e-mail address is confirmed.", ask: "To sign in, enter" };
    case "recovery":
      return { lead: "Your password-reset link worked.", ask: "Before you choose a new password, enter" };
    case "email_change":
      return {
        lead: "Your new e-mail address is confirmed. Following the link signed this browser in again, and this account asks for its second factor at every sign-in.",
        ask: "To continue, enter",
      };
    default:
      return { lead: null, ask: "Enter" };
  }
}
