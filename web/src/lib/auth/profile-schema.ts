// Loaded on demand by profile-query.ts (its only importer), so zod stays out of the first download.
export { profileSchema } from "@trigger-switch/contracts";
