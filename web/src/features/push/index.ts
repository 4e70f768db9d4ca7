// The public entry of this feature: the only module other features may import (eslint.config.js).
export { usePushDevices } from "./api/get-push-devices";
export { usePushInfo } from "./api/get-push-info";
export { PushDevicesCard } from "./components/push-devices-card";
