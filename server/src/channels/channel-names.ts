// How each channel is named in sentences people read: one home, in contracts.
export { CHANNEL_LABELS as CHANNEL_NAMES } from "@trigger-switch/contracts";
