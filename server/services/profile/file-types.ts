// What an upload is, from its first bytes: the declared type and the file name are never trusted.

export type TFileType = 'png' | 'jpeg' | 'webp' | 'pdf' | 'doc' | 'docx';

export const FILE_TYPES: Record<TFileType, { mime: string; ext: string }> = {
  png: { mime: 'image/png', ext: 'png' },
  jpeg: { mime: 'image/jpeg', ext: 'jpg' },
  webp: { mime: 'image/webp', ext: 'webp' },
  pdf: { mime: 'application/pdf', ext: 'pdf' },
  doc: { mime: 'application/msword', ext: 'doc' },
  docx: {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ext: 'docx',
  },
};

const startsWith = (b: Uint8Array, sig: number[], at = 0) =>
  b.length >= at + sig.length && sig.every((v, i) => b[at + i] === v);
const ascii = (b: Uint8Array, at: number, len: number) =>
  String.fromCharCode(...b.subarray(at, at + len));

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP_LOCAL = [0x50, 0x4b, 0x03, 0x04];

/** Names in the zip's local file headers (enough to tell a Word document from other zips). */
function zipEntryNames(b: Uint8Array): string[] {
  const names: string[] = [];
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const buf = Buffer.from(b.buffer, b.byteOffset, b.byteLength);
  for (let i = buf.indexOf('PK\x03\x04', 0, 'latin1'); i >= 0 && i + 30 <= b.length;) {
    const nameLen = view.getUint16(i + 26, true);
    if (i + 30 + nameLen <= b.length) names.push(ascii(b, i + 30, nameLen));
    i = buf.indexOf('PK\x03\x04', i + 4, 'latin1');
  }
  return names;
}

/** The type of `b` by its magic bytes, or null when it is none of the accepted ones. */
export function detectFileType(b: Uint8Array): TFileType | null {
  if (startsWith(b, PNG)) return 'png';
  if (startsWith(b, JPEG)) return 'jpeg';
  if (b.length >= 16 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WEBP') return 'webp';
  if (startsWith(b, PDF)) return 'pdf';
  if (startsWith(b, OLE)) return 'doc';
  if (startsWith(b, ZIP_LOCAL)) {
    const names = zipEntryNames(b);
    if (names.includes('[Content_Types].xml') && names.some((n) => n.startsWith('word/'))) {
      return 'docx';
    }
  }
  return null;
}

type TSize = { width: number; height: number };

function pngSize(b: Uint8Array, v: DataView): TSize | null {
  if (b.length < 24 || ascii(b, 12, 4) !== 'IHDR') return null;
  return { width: v.getUint32(16), height: v.getUint32(20) };
}

/** JPEG: walk the marker segments up to the first start-of-frame (SOF0–SOF15 but 4, 8, 12). */
function jpegSize(b: Uint8Array, v: DataView): TSize | null {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      i += 2; // markers without a length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or of headers
    const isSof = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isSof) return { height: v.getUint16(i + 5), width: v.getUint16(i + 7) };
    i += 2 + v.getUint16(i + 2);
  }
  return null;
}

function webpSize(b: Uint8Array, v: DataView): TSize | null {
  if (b.length < 25) return null;
  const chunk = ascii(b, 12, 4);
  if (chunk === 'VP8 ') {
    if (b.length < 30 || !startsWith(b, [0x9d, 0x01, 0x2a], 23)) return null;
    return { width: v.getUint16(26, true) & 0x3fff, height: v.getUint16(28, true) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    if (b[20] !== 0x2f) return null;
    const [b1, b2, b3, b4] = [b[21]!, b[22]!, b[23]!, b[24]!];
    return {
      width: 1 + (((b2 & 0x3f) << 8) | b1),
      height: 1 + (((b4 & 0x0f) << 10) | (b3 << 2) | ((b2 & 0xc0) >> 6)),
    };
  }
  if (chunk === 'VP8X') {
    if (b.length < 30) return null;
    const u24 = (at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);
    return { width: 1 + u24(24), height: 1 + u24(27) };
  }
  return null;
}

/** Width and height read from the image's header bytes; null for a broken header. */
export function imageSize(b: Uint8Array, type: TFileType): TSize | null {
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const size =
    type === 'png'
      ? pngSize(b, v)
      : type === 'jpeg'
        ? jpegSize(b, v)
        : type === 'webp'
          ? webpSize(b, v)
          : null;
  return size && size.width > 0 && size.height > 0 ? size : null;
}
