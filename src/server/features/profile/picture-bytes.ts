import { INVALID_PICTURE_TYPE, MAX_PICTURE_BYTES, PICTURE_TOO_LARGE } from "../../../shared/schemas/profile";
import { badRequest } from "../../lib/errors";

export type PictureType = "image/jpeg" | "image/png" | "image/gif" | "image/webp";

const startsWith = (b: Uint8Array, sig: number[], at = 0) => sig.every((v, i) => b[at + i] === v);
const endsWith = (b: Uint8Array, sig: number[]) => sig.every((v, i) => b[b.length - sig.length + i] === v);

/**
 * What the bytes really are, judged by their magic numbers and a complete ending (a truncated
 * upload is refused), never by the declared type. SVG is not accepted: it can carry script.
 */
export function sniffPicture(bytes: Uint8Array): PictureType | null {
  if (bytes.length < 12) return null;
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) {
    // JPEG ends with the EOI marker; some encoders pad after it, so look at the last bytes.
    const tail = bytes.subarray(Math.max(0, bytes.length - 64));
    for (let i = tail.length - 2; i >= 0; i--) if (tail[i] === 0xff && tail[i + 1] === 0xd9) return "image/jpeg";
    return null;
  }
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return endsWith(bytes, [0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]) ? "image/png" : null;
  }
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) {
    return bytes[bytes.length - 1] === 0x3b ? "image/gif" : null;
  }
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) {
    const declared = new DataView(bytes.buffer, bytes.byteOffset).getUint32(4, true) + 8;
    return declared === bytes.length ? "image/webp" : null;
  }
  return null;
}

/** Decodes a data URL and checks it is a real, complete image of at most 5 MB. */
export function decodePictureDataUrl(dataUrl: string): { bytes: Uint8Array; type: PictureType } {
  const comma = dataUrl.indexOf(",");
  const header = dataUrl.slice(0, comma);
  if (comma < 0 || !/^data:image\/[\w.+-]+;base64$/i.test(header) || /svg/i.test(header))
    throw badRequest(INVALID_PICTURE_TYPE);
  const base64 = dataUrl.slice(comma + 1).replace(/\s/g, "");
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length % 4 === 1) throw badRequest(INVALID_PICTURE_TYPE);
  if ((base64.length * 3) / 4 > MAX_PICTURE_BYTES + 3) throw badRequest(PICTURE_TOO_LARGE);
  const bytes = new Uint8Array(Buffer.from(base64, "base64"));
  if (bytes.length > MAX_PICTURE_BYTES) throw badRequest(PICTURE_TOO_LARGE);
  const type = sniffPicture(bytes);
  if (!type) throw badRequest(INVALID_PICTURE_TYPE);
  return { bytes, type };
}
