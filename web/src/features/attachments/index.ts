// The public entry of this feature: the only module other features may import (eslint.config.js).
export { downloadAttachment, useDownloadAttachment } from "./api/download-attachment";
export { uploadAttachment } from "./api/upload-attachment";
export { AttachmentsField, type PendingFile } from "./components/attachments-field";
