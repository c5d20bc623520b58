import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { createI18n, loadLanguage } from './i18n.ts';
import { failureText } from './server-text.ts';

await loadLanguage('fr');

describe('failureText (spec part 1 §8: the server message when present, else the fallback)', () => {
  const en = createI18n('en');
  const fr = createI18n('fr');

  it("uses the server's words, translated when the code is known", () => {
    expect(failureText(en, new ApiError(409, 'This number is taken.', 'phone_taken'), 'Fallback')).toBe('This number is taken.');
    expect(failureText(fr, new ApiError(409, 'This number is taken.', 'phone_taken'), 'Repli')).toMatch(/^Ce numéro est déjà utilisé/);
    expect(failureText(en, new ApiError(422, 'No face was found in the selfie.', 'no_face_found'), 'Fallback')).toBe('No face was found in the selfie.');
  });

  it('falls back when the server said nothing useful: no text, a generic failure, a missing route, a fault', () => {
    expect(failureText(en, new ApiError(400, ''), 'Fallback')).toBe('Fallback');
    expect(failureText(en, new ApiError(502, '502: Bad Gateway'), 'Fallback')).toBe('Fallback');
    expect(failureText(en, new ApiError(404, 'Not found.', 'not_found'), 'Fallback')).toBe('Fallback');
    expect(failureText(en, new ApiError(500, 'Something went wrong on our side.', 'internal_error'), 'Fallback')).toBe('Fallback');
    expect(failureText(en, new TypeError('Failed to fetch'), 'Fallback')).toBe('Fallback');
  });

  it("never shows the server's English in another language: an untranslated code says the screen's own words", () => {
    expect(failureText(fr, new ApiError(422, 'No face was found in the selfie.', 'no_face_found'), 'Repli')).toBe('Repli');
    expect(failureText(fr, new ApiError(400, 'Something odd.'), 'Repli')).toBe('Repli');
    expect(failureText(fr, new ApiError(400, 'Mobile money moves whole francs.', 'contribution_amount_not_whole_francs'), 'Repli')).toMatch(/^Le mobile money/);
  });
});
