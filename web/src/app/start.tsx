import { yieldToBrowser } from "@/lib/yield-to-browser";
import { evaluateInSlices } from "./evaluate-in-slices";

// The app's code is evaluated in parts, each in its own task, so the browser can paint and answer a
// tap between them: evaluating it in one go took 100–170 ms of main thread on the test machine (×4
// on a slow phone's CPU), the largest single task of a page's start. React's renderer goes first, on
// its own; then, on a page whose HTML names its code (a signed-in page, a personal link), the rest of
// the app's and the page's files a few milliseconds' worth per task; then the app starts.
void import("react-dom/client")
  .then(yieldToBrowser)
  .then(evaluateInSlices)
  .then(() => import("./start-app"))
  .then(({ startApp }) => startApp());

// (A module, for the entry to import.)
export {};
