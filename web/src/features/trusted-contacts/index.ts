// The public entry of this feature: the only module other features may import (eslint.config.js).
export { ConfirmationSection } from "./components/confirmation-section";
export { AccessPermissionsSection } from "./components/access-permissions-section";
