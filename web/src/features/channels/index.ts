// The public entry of this feature: the only module other features may import (eslint.config.js).
export { useChannelsInfo } from "./api/get-channels-info";
export { DeliveryReceipts } from "./components/delivery-receipts";
export { channelBlocker, RecipientChannelPicker } from "./components/recipient-channel-picker";
