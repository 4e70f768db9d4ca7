// Runs in a worker (warm-locale-data.ts): uses Intl as the pages first do (the browser's zone; a
// time worded in it in the visitor's locale; its parts in en-GB, contracts' format/date-time.ts),
// then ends.
const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const now = Date.now();
new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short", timeZone }).format(now);
new Intl.DateTimeFormat("en-GB", { hour: "numeric", minute: "numeric", timeZone }).formatToParts(now);
self.close();
