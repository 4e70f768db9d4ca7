/** What reminder_schedule.last_error may hold: a short sentence, never a whole query with its parameters. */
export const shortError = (text: string, max = 300): string =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;
