// Shared with the recipients' access page; kept here so the messages feature's imports stay short.
export { fileSize } from "@/lib/file-size";
