// The public entry of this feature: the only module other features may import (eslint.config.js).
export { MessageReleases } from "./components/message-releases";
export { deliveryText } from "./utils/delivery-text";
export { grantHolder } from "./utils/grant-holder";
