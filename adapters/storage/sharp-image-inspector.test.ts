import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { aJpeg, aPng, aWebp, hostileFiles } from '../../tests/support/images.ts';
import { SharpImageInspector } from './sharp-image-inspector.ts';

const inspector = new SharpImageInspector();

describe('SharpImageInspector', () => {
  it('accepts JPEG, PNG and WebP by their content', async () => {
    expect(await inspector.inspect(await aJpeg())).toBe('image/jpeg');
    expect(await inspector.inspect(await aPng())).toBe('image/png');
    expect(await inspector.inspect(await aWebp())).toBe('image/webp');
  });

  it('refuses every hostile file but the oversize one, which is refused by size before it is read', async () => {
    for (const file of await hostileFiles()) {
      if (file.code === 'upload_too_large') continue;
      expect(await inspector.inspect(file.bytes), file.label).toBeNull();
    }
  });

  it('refuses a small file that declares a huge canvas (decompression bomb)', async () => {
    const bomb = await sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: { r: 0, g: 0, b: 0 } } }).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(1_000_000);
    expect(await inspector.inspect(bomb)).toBeNull();
  });

  it('refuses a JPEG with a PNG signature glued in front', async () => {
    const png = await aPng();
    expect(await inspector.inspect(Buffer.concat([png.subarray(0, 16), await aJpeg()]))).toBeNull();
  });
});
