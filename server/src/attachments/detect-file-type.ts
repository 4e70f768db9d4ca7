import type { AttachmentType } from "@trigger-switch/contracts";
import { detectImageType } from "../profiles/image-type.ts";

const ascii = (b: Buffer, start: number, end: number) => b.subarray(start, end).toString("latin1");

/**
 * The attachment's type from its bytes, or null when it is not one we accept. The client's
 * Content-Type and file name are never trusted: what we detect is what we serve it as.
 */
export function detectFileType(b: Buffer): AttachmentType | null {
  const image = detectImageType(b);
  if (image) return image.mime as AttachmentType;
  if (ascii(b, 0, 5) === "%PDF-") return "application/pdf";
  if (ascii(b, 4, 8) === "ftyp") return isoMediaType(ascii(b, 8, 12));
  if (["moov", "mdat", "wide", "free"].includes(ascii(b, 4, 8))) return "video/quicktime";
  if (ascii(b, 0, 4) === "OggS") return "audio/ogg";
  if (ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 12) === "WAVE") return "audio/wav";
  if (b.length >= 4 && b.readUInt32BE(0) === 0x1a45dfa3) return ascii(b, 0, 64).includes("webm") ? "video/webm" : null;
  if (ascii(b, 0, 3) === "ID3") return "audio/mpeg";
  if (b.length >= 2 && b[0] === 0xff && (b[1]! & 0xf6) === 0xf0) return "audio/aac"; // ADTS
  if (b.length >= 2 && b[0] === 0xff && (b[1]! & 0xe0) === 0xe0 && (b[1]! & 0x06) !== 0) return "audio/mpeg"; // MPEG audio frame
  if (ascii(b, 0, 4) === "PK\x03\x04") return officeType(b);
  return isPlainText(b) ? "text/plain" : null;
}

const HEIF_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"]);

function isoMediaType(brand: string): AttachmentType {
  if (HEIF_BRANDS.has(brand)) return "image/heic";
  if (brand === "M4A " || brand === "M4B ") return "audio/mp4";
  if (brand === "qt  ") return "video/quicktime";
  return "video/mp4";
}

/** OOXML and ODF documents are zips with known parts; any other zip is refused (it cannot be checked). */
function officeType(b: Buffer): AttachmentType | null {
  if (ascii(b, 30, 38) === "mimetype" && ascii(b, 38, 77) === "application/vnd.oasis.opendocument.text")
    return "application/vnd.oasis.opendocument.text";
  const names = b.toString("latin1");
  if (!names.includes("[Content_Types].xml")) return null;
  if (names.includes("word/document.xml"))
    return "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
  if (names.includes("xl/workbook.xml")) return "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
  if (names.includes("ppt/presentation.xml"))
    return "application/vnd.openxmlformats-officedocument.presentationml.presentation";
  return null;
}

/** UTF-8 text without NULs or other control characters (tab, newlines and form feed allowed). */
function isPlainText(b: Buffer): boolean {
  if (b.length === 0) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(b);
  } catch {
    return false;
  }
  for (const byte of b)
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) return false;
  return true;
}
