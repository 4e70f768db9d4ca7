// The public entry of this feature: the only module other features may import (eslint.config.js).
export { ConditionCard } from "./components/condition-card";
export { ConditionsEditor } from "./components/conditions-editor";
export { MessageTimeline } from "./components/message-timeline";
export { checkDraft, errorKey } from "./utils/check-draft";
export { conditionToDraft, type ConditionDraft } from "./utils/condition-draft";
export { CONDITION_LABELS } from "./utils/condition-labels";
export { liveDeadline, timingOf } from "./utils/condition-timing";
export { draftToInput, draftToUpdate } from "./utils/draft-to-input";
