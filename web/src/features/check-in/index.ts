// The public entry of this feature: the only module other features may import (eslint.config.js).
export { useCheckIn, useCheckInMutation } from "./api/check-in";
export { checkInWillCancel, type DatedDelivery } from "./utils/check-in-words";
