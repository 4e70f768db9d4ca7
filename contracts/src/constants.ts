/** Business constants of spec §9, shared by the server and the web app. */
export const HEADER_CACHE_MS = 5 * 60 * 1000;
export const CONDITIONS_EVENT_DEBOUNCE_MS = 300;
export const PANIC_CONFIRM_WINDOW_MS = 3000;
export const CANCEL_COUNTDOWN_S = 3;
export const DUPLICATE_PANIC_WINDOW_MS = 30_000;
export const DUPLICATE_PANIC_PURGE_MS = 60_000;
export const PANIC_MAX_RETRIES = 1;
export const PANIC_RETRY_DELAY_MS = 1500;
export const GEOLOCATION_TIMEOUT_MS = 10_000;
export const REALTIME_MAX_RECONNECTS = 3;
/** Between two reconnect attempts; the first comes a random part of it after the drop (realtimeReconnectDelayMs). */
export const REALTIME_RECONNECT_DELAY_MS = 5000;
export const GUARD_MIN_LOADING_MS = 500;
export const MOBILE_BREAKPOINT_PX = 768;
export const HIGH_PRIORITY_OFFSET_UNDER = 60;
export const SELECTOR_LIST_MAX_HEIGHT = "60vh";
// Radix Menu implements this one itself; web/src/components/ui/dropdown-menu.test.tsx pins it to the spec.
export const TYPEAHEAD_RESET_MS = 1000;
export const CONDITIONS_UPDATED_EVENT = "conditions-updated";
