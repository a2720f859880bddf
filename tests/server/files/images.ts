// Images for the upload tests, made here: real JPEG/PNG/WebP bytes from sharp (a JPEG carrying
// EXIF with a GPS position), and hand-made headers that declare more than they hold.
import { deflateSync } from "node:zlib";
import sharp from "sharp";

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } });

/** A photo as a phone takes it: EXIF with the camera and a GPS position. */
export const jpegWithGps = (width = 800, height = 600) =>
  solid(width, height)
    .jpeg()
    .withExif({
      IFD0: { Make: "PhoneCo", Model: "Spy 3000" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "25/1 11/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "55/1 16/1 0/1" },
    })
    .toBuffer();
export const png = (width = 300, height = 200) => solid(width, height).png().toBuffer();
export const webp = (width = 300, height = 300) => solid(width, height).webp().toBuffer();

/** Bytes of noise that no image codec squeezes: a file of a chosen size that is a real JPEG. */
export const bigJpeg = async (minBytes: number) => {
  let side = 400;
  for (;;) {
    const noise = Buffer.alloc(side * side * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const bytes = await sharp(noise, { raw: { width: side, height: side, channels: 3 } })
      .jpeg({ quality: 100 })
      .toBuffer();
    if (bytes.byteLength >= minBytes) return bytes;
    side *= 2;
  }
};

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A valid PNG header declaring width × height, with one small compressed block: a decompression bomb's shape. */
export function bombPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  // A few rows of zeros, deflated: tiny on disk, huge once inflated if the whole picture were there.
  const data = deflateSync(Buffer.alloc(Math.min(width * 3 + 1, 1 << 20) * 4));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", data),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** An executable's first bytes (ELF), to be sent named photo.jpg as image/jpeg. */
export const elfExecutable = () => Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(2000, 0x90)]);
