/** The field label (and so the AAD) under which an attachment's file name is sealed. */
export const attachmentNameField = (attachmentId: string) => `attachment:${attachmentId}:name`;
/** The label under which an attachment's bytes are sealed. */
export const attachmentBytesField = (attachmentId: string) => `attachment:${attachmentId}:bytes`;
