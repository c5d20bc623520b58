import { describe, expect, it } from 'vitest';
import { PHOTO_MAX_BYTES, photoProblem } from './uploads.ts';

describe('photo checks before upload', () => {
  it('takes one image of at most 5,242,880 bytes', () => {
    expect(PHOTO_MAX_BYTES).toBe(5_242_880);
    expect(photoProblem({ type: 'image/jpeg', size: PHOTO_MAX_BYTES })).toBeNull();
    expect(photoProblem({ type: 'image/png', size: 1 })).toBeNull();
  });

  it('names what is wrong: too large, not an image, empty', () => {
    expect(photoProblem({ type: 'image/jpeg', size: PHOTO_MAX_BYTES + 1 })).toBe('too_large');
    expect(photoProblem({ type: 'application/x-msdownload', size: 10 })).toBe('not_an_image');
    expect(photoProblem({ type: '', size: 10 })).toBe('not_an_image');
    expect(photoProblem({ type: 'image/png', size: 0 })).toBe('empty');
  });
});
