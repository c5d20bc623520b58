/**
 * Photos and hostile files for the upload tests, made at run time: real JPEG, PNG and WebP
 * images (sharp), and what an attacker or a broken client sends instead.
 */
import sharp from 'sharp';
import { PHOTO_MAX_BYTES } from '../../core/uploads/ports.ts';

const canvas = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 40, g: 140, b: 90 } } });

export const aPng = (width = 64, height = 48) => canvas(width, height).png().toBuffer();
export const aJpeg = (width = 64, height = 48) => canvas(width, height).jpeg().toBuffer();
export const aWebp = (width = 64, height = 48) => canvas(width, height).webp().toBuffer();

/** The decoded pixels of an image (RGBA), to compare a lossless re-encoding with its original. */
export const pixelsOf = (image: Uint8Array) => sharp(image).ensureAlpha().raw().toBuffer();

/** A JPEG carrying EXIF with a GPS position (Kigali) and the phone's make. */
export const aJpegWithGps = (width = 64, height = 48) =>
  canvas(width, height)
    .withExif({ IFD0: { Make: 'PhoneMaker' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '1/1 56/1 3000/100', GPSLongitudeRef: 'E', GPSLongitude: '30/1 3/1 3600/100' } })
    .jpeg()
    .toBuffer();

/** A small PNG declaring a 60-megapixel canvas: a decompression bomb. */
export const aDecompressionBomb = () => sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: { r: 0, g: 0, b: 0 } } }).png({ compressionLevel: 9 }).toBuffer();

/** An image with text after its last byte (a JPEG's end marker, a PNG's IEND): decoders ignore it, a sniffing browser may not. */
export const withTrailingHtml = (image: Buffer, html: string) => Buffer.concat([image, Buffer.from(html)]);

/** A JPEG with the text in a comment segment (COM, FF FE) right after its start marker. */
export function withHtmlComment(jpeg: Buffer, html: string): Buffer {
  const text = Buffer.from(html);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(text.length + 2);
  return Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0xff, 0xfe]), length, text, jpeg.subarray(2)]);
}

/** The hostile files of issue 13, each with the name a client would give it. */
export async function hostileFiles(): Promise<Array<{ label: string; name: string; bytes: Buffer; code: 'unsupported_media_type' | 'upload_too_large' }>> {
  const png = await aPng();
  const jpeg = await aJpeg(320, 240);
  return [
    // A Windows executable's header (MZ … PE) under an image's name and type.
    { label: 'an executable named .png', name: 'photo.png', bytes: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(58), Buffer.from([0x80, 0, 0, 0]), Buffer.alloc(64), Buffer.from('PE\0\0'), Buffer.alloc(200)]), code: 'unsupported_media_type' },
    { label: 'a zero-byte file', name: 'empty.jpg', bytes: Buffer.alloc(0), code: 'unsupported_media_type' },
    { label: 'a truncated PNG', name: 'cut.png', bytes: png.subarray(0, png.length - 30), code: 'unsupported_media_type' },
    { label: 'a truncated JPEG', name: 'cut.jpg', bytes: jpeg.subarray(0, Math.floor(jpeg.length / 2)), code: 'unsupported_media_type' },
    { label: 'an SVG with a script', name: 'avatar.svg', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script></svg>'), code: 'unsupported_media_type' },
    { label: 'a GIF', name: 'anim.gif', bytes: await canvas(8, 8).gif().toBuffer(), code: 'unsupported_media_type' },
    { label: 'HTML', name: 'page.png', bytes: Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'), code: 'unsupported_media_type' },
    { label: '5 MB + 1 byte', name: 'big.png', bytes: Buffer.concat([png, Buffer.alloc(PHOTO_MAX_BYTES + 1 - png.length)]), code: 'upload_too_large' },
  ];
}
