// The app's code is evaluated in two parts, each in its own task, so the browser can paint and
// answer a tap between them: evaluating it in one go took 40–160 ms of main thread on the shared
// test machine (×4 on a slow phone's CPU), the largest single task of a public page's start.
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

void import("react-dom/client").then(yieldToBrowser).then(() => import("./start-app"));

// (A module, for the entry to import.)
export {};
