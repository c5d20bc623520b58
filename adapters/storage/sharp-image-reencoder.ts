/**
 * SharpImageReencoder: reads bytes as an image by their content, never by a name or a declared
 * type, and encodes its pixels again: what is kept and served is an image this server wrote.
 *
 * Guarantees
 * - The type comes from the bytes' signature (`file-type`) and sharp must read the same format:
 *   only JPEG, PNG and WebP are accepted. An SVG (text, and script-capable), a GIF, an executable
 *   or an empty file is refused.
 * - The image must decode whole (sharp, libvips, `failOn: 'error'`): a truncated or corrupt file
 *   is refused, where reading only its header would accept it. Decoding runs off the event loop
 *   (libuv's pool).
 * - An image above MAX_PIXELS is refused before its pixels are decoded: a small file can declare a
 *   huge canvas (a decompression bomb). The received bytes are at most PHOTO_MAX_BYTES (the
 *   caller's limit), so no more than that is ever read.
 * - The answer is the decoded pixels encoded again in the same format: bytes after the image's end
 *   marker, comments, text chunks, EXIF (GPS included), XMP, IPTC and ICC profiles are not carried
 *   over (sharp writes no metadata unless told to; colours are converted to sRGB). The EXIF
 *   orientation is applied to the pixels first, so that a phone's portrait photo stays upright.
 * - A re-encoded JPEG or WebP over PHOTO_MAX_BYTES is encoded again at a lower quality; one that
 *   still does not fit, or a PNG that does not, is refused as `upload_too_large`. The same bytes
 *   always give the same answer (a client retrying an upload is recognised).
 */
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Sharp } from 'sharp';
import { PHOTO_MAX_BYTES, type AcceptedImage, type ImageRefusal, type ImageReencoder, type ImageType } from '../../core/uploads/ports.ts';

/** 50 megapixels: above any phone camera's default output, far below what would exhaust memory. */
export const MAX_PIXELS = 50_000_000;

/**
 * Qualities tried in turn for JPEG and WebP: 90 keeps a photo indistinguishable from what the
 * phone wrote (the face comparison reads it); the lower ones only for a photo that would not fit.
 */
const QUALITIES = [90, 80, 70] as const;

const ACCEPTED: Record<string, { type: ImageType; sharpFormat: string; encode: (image: Sharp, quality: number) => Sharp }> = {
  'image/jpeg': { type: 'image/jpeg', sharpFormat: 'jpeg', encode: (image, quality) => image.jpeg({ quality }) },
  'image/png': { type: 'image/png', sharpFormat: 'png', encode: (image) => image.png({ compressionLevel: 9 }) },
  'image/webp': { type: 'image/webp', sharpFormat: 'webp', encode: (image, quality) => image.webp({ quality }) },
};

type Reencoded = { ok: true; value: AcceptedImage } | { ok: false; error: ImageRefusal };

const refused = (error: ImageRefusal): Reencoded => ({ ok: false, error });

/** The decoder's settings for every read: whole images only, the pixel limit, the orientation applied. */
const decoded = (bytes: Uint8Array) => sharp(bytes, { failOn: 'error', limitInputPixels: MAX_PIXELS, autoOrient: true });

export class SharpImageReencoder implements ImageReencoder {
  async reencode(bytes: Uint8Array): Promise<Reencoded> {
    const detected = await fileTypeFromBuffer(bytes);
    const accepted = detected ? ACCEPTED[detected.mime] : undefined;
    if (!accepted) return refused('unsupported_media_type');
    try {
      const metadata = await decoded(bytes).metadata();
      // sharp reads the format itself: both readers must agree.
      if (metadata.format !== accepted.sharpFormat) return refused('unsupported_media_type');
      const qualities = accepted.type === 'image/png' ? [0] : QUALITIES;
      for (const quality of qualities) {
        const encoded = await accepted.encode(decoded(bytes), quality).toBuffer();
        if (encoded.length <= PHOTO_MAX_BYTES) return { ok: true, value: { contentType: accepted.type, bytes: new Uint8Array(encoded.buffer, encoded.byteOffset, encoded.length) } };
      }
      return refused('upload_too_large');
    } catch {
      // libvips could not decode it: truncated, corrupt, or too many pixels.
      return refused('unsupported_media_type');
    }
  }
}
