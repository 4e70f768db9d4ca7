// The public entry of this feature: the only module other features may import (eslint.config.js).
export { useAuthSettings, usePasswordMinLength } from "./api/get-auth-settings";
export { FormError } from "./components/form-error";
export { factorLabel } from "./utils/factor-label";
export { describeVerifyError } from "./utils/second-factor-machine";
