import { spawn } from "node:child_process";

/**
 * Debian's `age` tool, driven as a person would: it reads a passphrase only from a terminal, so it
 * runs under `script` (util-linux), which gives it a pseudo-terminal, and each prompt is answered.
 */
function runAge(args: string[], passphrase: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("script", ["-qec", ["age", ...args].map((a) => `'${a}'`).join(" "), "/dev/null"], {
      stdio: ["pipe", "pipe", "pipe"],
    });
    let output = "";
    let answered = 0;
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      // One answer per prompt ("Enter passphrase", then "Confirm passphrase" when encrypting).
      const prompts = (output.match(/passphrase[^:]*:/gi) ?? []).length;
      while (answered < prompts) {
        child.stdin.write(`${passphrase}\n`);
        answered += 1;
      }
    });
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    // An answer written as `age` exits fails with EPIPE: what age did is its exit code and output, below.
    child.stdin.on("error", () => {});
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? 1, output });
    });
  });
}

/** `age -d -o output input`: the exit code and what it printed. */
export const ageDecrypt = (input: string, output: string, passphrase: string) =>
  runAge(["-d", "-o", output, input], passphrase);

/** `age -p -o output input`: a passphrase file, exactly as a person makes one at the command line. */
export const ageEncrypt = (input: string, output: string, passphrase: string) =>
  runAge(["-p", "-o", output, input], passphrase);
