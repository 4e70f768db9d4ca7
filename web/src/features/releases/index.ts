// The public entry of this feature: the only module other features may import (eslint.config.js).
export { deliveryText, MessageReleases } from "./components/message-releases";
