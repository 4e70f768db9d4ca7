// The public entry of this feature: the only module other features may import (eslint.config.js).
export { useBilling } from "./api/get-billing";
export { usePlanRules, type PlanRules } from "./api/use-plan-rules";
