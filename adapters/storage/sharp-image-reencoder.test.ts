import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PHOTO_MAX_BYTES } from '../../core/uploads/ports.ts';
import { aDecompressionBomb, aJpeg, aPng, aWebp, hostileFiles, withHtmlComment, withTrailingHtml } from '../../tests/support/images.ts';
import { SharpImageReencoder } from './sharp-image-reencoder.ts';

const reencoder = new SharpImageReencoder();
const HTML = '<html><body><script>alert(document.cookie)</script></body></html>';

async function accepted(bytes: Uint8Array) {
  const answer = await reencoder.reencode(bytes);
  if (!answer.ok) throw new Error(`refused: ${answer.error}`);
  return { ...answer.value, bytes: Buffer.from(answer.value.bytes) };
}

describe('SharpImageReencoder', () => {
  it('accepts JPEG, PNG and WebP by their content and answers them encoded again, same type and size in pixels', async () => {
    for (const [bytes, type] of [[await aJpeg(), 'image/jpeg'], [await aPng(), 'image/png'], [await aWebp(), 'image/webp']] as const) {
      const image = await accepted(bytes);
      expect(image.contentType).toBe(type);
      expect(await sharp(image.bytes).metadata()).toMatchObject({ format: type.split('/')[1], width: 64, height: 48 });
    }
  });

  it('answers the same image for the same bytes (a retried upload is recognised)', async () => {
    const photo = await aJpeg(300, 200);
    expect(Buffer.compare((await accepted(photo)).bytes, (await accepted(photo)).bytes)).toBe(0);
  });

  it('drops HTML after a JPEG’s end marker and inside a JPEG comment (a polyglot served back would be HTML too)', async () => {
    for (const polyglot of [withTrailingHtml(await aJpeg(), HTML), withHtmlComment(await aJpeg(), HTML)]) {
      // What a browser sniffing the bytes, or a careless server, would find.
      expect(polyglot.includes('<script>')).toBe(true);
      const image = await accepted(polyglot);
      expect(image.contentType).toBe('image/jpeg');
      expect(image.bytes.includes('<script>')).toBe(false);
      expect(image.bytes.includes('<html>')).toBe(false);
      expect(image.bytes.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
    }
  });

  it('drops bytes after a PNG’s IEND chunk', async () => {
    const image = await accepted(withTrailingHtml(await aPng(), HTML));
    expect(image.bytes.includes('<script>')).toBe(false);
    expect(image.bytes.subarray(-8, -4).toString('latin1')).toBe('IEND');
  });

  it('drops EXIF with the GPS position, and turns the photo upright by its EXIF orientation first', async () => {
    const located = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 30, b: 30 } } })
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { Make: 'PhoneMaker' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '1/1 56/1 3000/100', GPSLongitudeRef: 'E', GPSLongitude: '30/1 3/1 3600/100' } })
      .jpeg()
      .toBuffer();
    const before = await sharp(located).metadata();
    expect(before.exif?.includes('PhoneMaker')).toBe(true);
    // The GPS IFD's pointer (tag 0x8825), in either byte order.
    expect(before.exif?.includes(Buffer.from([0x88, 0x25])) || before.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    expect(before.orientation).toBe(6);
    const image = await accepted(located);
    const after = await sharp(image.bytes).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(image.bytes.includes('PhoneMaker')).toBe(false);
    // Orientation 6 means "rotate 90°": the stored pixels are upright, 48 wide and 64 high.
    expect([after.width, after.height]).toEqual([48, 64]);
  });

  it('refuses every hostile file but the oversize one, which is refused by size before it is read', async () => {
    for (const file of await hostileFiles()) {
      if (file.code === 'upload_too_large') continue;
      expect(await reencoder.reencode(file.bytes), file.label).toEqual({ ok: false, error: 'unsupported_media_type' });
    }
  });

  it('refuses HTML named .jpg, and a JPEG with a PNG signature glued in front', async () => {
    expect(await reencoder.reencode(Buffer.from(`<!doctype html>${HTML}`))).toEqual({ ok: false, error: 'unsupported_media_type' });
    const png = await aPng();
    expect(await reencoder.reencode(Buffer.concat([png.subarray(0, 16), await aJpeg()]))).toEqual({ ok: false, error: 'unsupported_media_type' });
  });

  it('refuses a small file that declares a huge canvas (decompression bomb) without decoding it', async () => {
    const bomb = await aDecompressionBomb();
    expect(bomb.length).toBeLessThan(1_000_000);
    const started = performance.now();
    expect(await reencoder.reencode(bomb)).toEqual({ ok: false, error: 'unsupported_media_type' });
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('keeps a re-encoded photo within the 5 MB of the limit, at a lower quality when it must', async () => {
    // Noise compresses badly: a JPEG of it at quality 75 under the limit does not fit at 90.
    const [width, height] = [3000, 2500];
    const heavy = await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } }).jpeg({ quality: 75 }).toBuffer();
    expect(heavy.length).toBeLessThanOrEqual(PHOTO_MAX_BYTES);
    expect((await sharp(heavy).jpeg({ quality: 90 }).toBuffer()).length).toBeGreaterThan(PHOTO_MAX_BYTES);
    const image = await accepted(heavy);
    expect(image.bytes.length).toBeLessThanOrEqual(PHOTO_MAX_BYTES);
    expect(await sharp(image.bytes).metadata()).toMatchObject({ format: 'jpeg', width, height });
  });
});
