/** "+44*******123": enough to tell numbers apart in a log, not enough to call anyone. */
export const maskNumber = (number: string) =>
  number.length > 6 ? `${number.slice(0, 3)}${"*".repeat(number.length - 6)}${number.slice(-3)}` : "***";
