// The public entry of this feature: the only module other features may import (eslint.config.js).
export { useChannelsInfo } from "./api/get-channels-info";
export { DeliveryReceipts } from "./components/delivery-receipts";
export { RecipientChannelPicker } from "./components/recipient-channel-picker";
export { channelBlocker } from "./utils/channel-blocker";
