import { describe, expect, it } from 'vitest';
import { en } from '../locales/en.ts';
import { enScreens } from '../locales/en-screens.ts';
import { fr } from '../locales/fr.ts';
import { rw } from '../locales/rw.ts';
import { sw } from '../locales/sw.ts';

function leaves(node: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

// Names, figures and codes read the same in every language; everything else must be translated.
const SAME_EVERYWHERE = /^(common\.(appName|rwf)|auth\.phonePlaceholder|landing\.stats\.\w+Value|nav\.tontines|tontines\.title|notifications\.(open|title))$/;

describe('translations', () => {
  const english = leaves({ ...en, ...enScreens });
  for (const [code, messages] of Object.entries({ fr, rw, sw })) {
    it(`${code} translates the texts instead of copying English`, () => {
      const copied = [...leaves(messages)].filter(([key, text]) => !SAME_EVERYWHERE.test(key) && text === english.get(key)).map(([key]) => key);
      // A few words are genuinely shared (e.g. 'Agents', 'Demo' in some languages): allow a handful.
      expect(copied.length, copied.join(', ')).toBeLessThanOrEqual(3);
    });

    it(`${code} keeps every interpolation placeholder`, () => {
      for (const [key, text] of leaves(messages)) {
        const wanted = (english.get(key)?.match(/{{\w+}}/g) ?? []).sort();
        expect((text.match(/{{\w+}}/g) ?? []).sort(), key).toEqual(wanted);
      }
    });
  }
});
