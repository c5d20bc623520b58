import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { createI18n, loadLanguage } from './i18n.ts';
import { PHOTO_MAX_BYTES, photoProblem, uploadFailureOf, uploadFailureText } from './uploads.ts';

await loadLanguage('rw');

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

describe('what a failed upload says (uploadFailureText)', () => {
  const en = createI18n('en');
  const rw = createI18n('rw');

  it('names what went wrong, from this server’s code or the bucket’s status, and a network failure', () => {
    expect(uploadFailureOf(new ApiError(413, '413: {"error":"…","code":"upload_too_large"}', 'upload_too_large'))).toBe('too_large');
    expect(uploadFailureOf(new ApiError(415, '', 'unsupported_media_type'))).toBe('not_an_image');
    expect(uploadFailureOf(new ApiError(403, '403: {"error":"Request has expired","code":"upload_url_expired"}', 'upload_url_expired'))).toBe('expired');
    expect(uploadFailureOf(new ApiError(429, '', 'too_many_uploads'))).toBe('too_many');
    expect(uploadFailureOf(new ApiError(404, '', 'object_not_found'))).toBe('not_found');
    // S3 answers XML: its status says it.
    expect(uploadFailureOf(new ApiError(403, '403: <Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>'))).toBe('expired');
    // fetch rejects with a TypeError: no network, or an address the page's CSP refused.
    expect(uploadFailureOf(new TypeError('Failed to fetch'))).toBe('network');
    expect(uploadFailureOf(new ApiError(403, 'This request came from another site…', 'cross_site_request'))).toBeNull();
    expect(uploadFailureOf(new Error('anything else'))).toBeNull();
  });

  it('says it in the member’s language, and keeps the screen’s own words when nothing is known', () => {
    expect(uploadFailureText(en, new TypeError('Failed to fetch'), 'Failed to upload ID photo')).toBe('The photo could not be sent. Check your connection and try again.');
    expect(uploadFailureText(rw, new ApiError(413, '', 'upload_too_large'), 'fallback')).toBe('Ifoto irenze MB 5. Hitamo ifoto ntoya.');
    expect(uploadFailureText(en, new ApiError(500, 'Something went wrong on our side.', 'internal_error'), 'Failed to upload ID photo')).toBe('Failed to upload ID photo');
    for (const failure of ['too_large', 'not_an_image', 'expired', 'too_many', 'not_found', 'network'] as const) {
      expect(rw.t(`uploads.failure.${failure}`)).not.toBe(en.t(`uploads.failure.${failure}`));
    }
  });
});
