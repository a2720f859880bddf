// Turns uploaded bytes into a clean image, or says why not. The type is told by the first bytes
// (never a name or a sent Content-Type); the declared size is read from the header before any
// pixel is decoded, so a small file claiming a huge picture (a decompression bomb) is refused
// cheaply, and sharp's limitInputPixels refuses it again while decoding. Every image is decoded
// and re-encoded to WebP: EXIF, GPS, XMP and ICC data are dropped (sharp keeps none by default)
// after the EXIF orientation has been applied to the pixels. sharp (libvips, a native module) is
// loaded with the first upload, not at every start.
import type { Metadata } from "sharp";
import type { FilePurpose } from "../../../contract/index.ts";

/** The largest picture an upload may declare, width × height: 40 megapixels (a phone camera's is 12–50). */
export const MAX_INPUT_PIXELS = 40_000_000;
/** The longest side an upload may declare, whatever its area. */
export const MAX_INPUT_SIDE = 12_000;

/** How each purpose is re-encoded: a picture is a small centred square; documents keep their shape. */
export const purposeOutputs: Record<FilePurpose, { fit: "cover" | "inside"; width: number; height: number; quality: number }> = {
  avatar: { fit: "cover", width: 256, height: 256, quality: 82 },
  kycDocument: { fit: "inside", width: 2000, height: 2000, quality: 88 },
  kycSelfie: { fit: "inside", width: 1280, height: 1280, quality: 85 },
};

export type ImageProblem = "fileEmpty" | "fileTooLarge" | "fileNotImage" | "imageTooLarge" | "imageUnreadable";

export class ImageRejected extends Error {
  constructor(readonly problem: ImageProblem) {
    super(`image rejected: ${problem}`);
  }
}

export interface CleanImage {
  bytes: Uint8Array;
  contentType: "image/webp";
  width: number;
  height: number;
}

type Sniffed = "jpeg" | "png" | "webp";

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) => signature.every((byte, i) => bytes[at + i] === byte);

/** The image type the bytes begin with, if it is one we take. */
export function sniffImage(bytes: Uint8Array): Sniffed | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  // RIFF <size> WEBP
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return "webp";
  return undefined;
}

/**
 * Checks and re-encodes one upload for its purpose. Throws ImageRejected with the problem; does
 * nothing else (no storage), so a refusal leaves nothing behind.
 */
export async function acceptImage(bytes: Uint8Array, { purpose, maxBytes }: { purpose: FilePurpose; maxBytes: number }): Promise<CleanImage> {
  if (bytes.byteLength === 0) throw new ImageRejected("fileEmpty");
  if (bytes.byteLength > maxBytes) throw new ImageRejected("fileTooLarge");
  const sniffed = sniffImage(bytes);
  if (!sniffed) throw new ImageRejected("fileNotImage");
  const { default: sharp } = await import("sharp");
  let declared: Metadata;
  try {
    // Reads the header only: no pixel is decoded here.
    declared = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRejected("imageUnreadable");
  }
  if (declared.format !== sniffed || !declared.width || !declared.height) throw new ImageRejected("imageUnreadable");
  if (declared.width > MAX_INPUT_SIDE || declared.height > MAX_INPUT_SIDE || declared.width * declared.height > MAX_INPUT_PIXELS) {
    throw new ImageRejected("imageTooLarge");
  }
  const out = purposeOutputs[purpose];
  try {
    // failOn "truncated": a file cut short is refused rather than drawn half grey.
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "truncated", animated: false })
      .rotate()
      .resize({ width: out.width, height: out.height, fit: out.fit, position: "centre", withoutEnlargement: out.fit === "inside" })
      .webp({ quality: out.quality })
      .toBuffer({ resolveWithObject: true });
    return { bytes: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), contentType: "image/webp", width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw new ImageRejected("imageTooLarge");
    throw new ImageRejected("imageUnreadable");
  }
}
