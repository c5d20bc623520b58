/**
 * SharpImageInspector: reads bytes as an image by their content, never by a name or a declared
 * type.
 *
 * Guarantees
 * - The type comes from the bytes' signature (`file-type`): only JPEG, PNG and WebP are accepted.
 *   An SVG (text, and script-capable), a GIF, an executable or an empty file is refused.
 * - The image must decode whole (sharp, libvips): a truncated or corrupt file is refused, where
 *   reading only its header would accept it. Decoding streams through the pixels (`stats`), so
 *   no full-size raw copy is kept, and off the event loop (libuv's pool).
 * - An image above MAX_PIXELS is refused before decoding: a small file can declare a huge canvas
 *   (a decompression bomb).
 */
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { ImageInspector, ImageType } from '../../core/uploads/ports.ts';

/** 50 megapixels: above any phone camera's default output, far below what would exhaust memory. */
export const MAX_PIXELS = 50_000_000;

const ACCEPTED: Record<string, { type: ImageType; sharpFormat: string }> = {
  'image/jpeg': { type: 'image/jpeg', sharpFormat: 'jpeg' },
  'image/png': { type: 'image/png', sharpFormat: 'png' },
  'image/webp': { type: 'image/webp', sharpFormat: 'webp' },
};

export class SharpImageInspector implements ImageInspector {
  async inspect(bytes: Uint8Array): Promise<ImageType | null> {
    const detected = await fileTypeFromBuffer(bytes);
    const accepted = detected ? ACCEPTED[detected.mime] : undefined;
    if (!accepted) return null;
    try {
      const image = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_PIXELS });
      const metadata = await image.metadata();
      // sharp reads the format itself: both readers must agree.
      if (metadata.format !== accepted.sharpFormat) return null;
      await image.stats();
      return accepted.type;
    } catch {
      // libvips could not decode it: truncated, corrupt, or too many pixels.
      return null;
    }
  }
}
