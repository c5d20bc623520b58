import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type PageLayout, paginate, SCREEN_LIMIT, truncate, ussdSafe } from './screen.ts';

const layout: PageLayout = { head: ['Pay which contribution?'], tail: ['0 Back 00 Home'], more: '9 More', numbered: true, maxItems: 8, reserve: 16 };

describe('screen fitting', () => {
  it('ussdSafe drops accents, replaces other characters and collapses white space', () => {
    expect(ussdSafe('  \u00c9pargne  cr\u00e9\u00e9e\n\tT\u00e9og\u00e8ne ')).toBe('Epargne creee Teogene');
    expect(ussdSafe('Caf\u00e9 \u{1F600} \u20ac5')).toBe('Cafe ? ?5');
  });

  it('truncate never returns more than max characters and marks the cut', () => {
    expect(truncate('Abakundakazi', 20)).toBe('Abakundakazi');
    expect(truncate('Abakundakazi ba Kicukiro', 10)).toBe('Abakundak.');
    fc.assert(fc.property(fc.string(), fc.integer({ min: 1, max: 200 }), (text, max) => truncate(text, max).length <= max));
  });

  it('paginate puts every item once, in order, on pages that fit the screen', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 200 }).map(ussdSafe), { maxLength: 40 }), (items) => {
        const pages = paginate(layout, items);
        expect(pages.flat().length).toBe(items.length);
        pages.forEach((page, index) => {
          expect(page.length).toBeGreaterThan(0);
          expect(page.length).toBeLessThanOrEqual(layout.maxItems);
          page.forEach((line, position) => expect(line.startsWith(`${position + 1} `)).toBe(true));
          const more = index < pages.length - 1 ? [layout.more] : [];
          const text = [...layout.head, ...page, ...more, ...layout.tail].join('\n');
          expect(text.length + layout.reserve).toBeLessThanOrEqual(SCREEN_LIMIT);
        });
        // In order: each page line is its item, possibly cut.
        const lines = pages.flatMap((page) => page.map((line) => line.replace(/^\d /, '')));
        lines.forEach((line, i) => expect(items[i]!.startsWith(line.replace(/\.$/, ''))).toBe(true));
      }),
    );
  });

  it('an empty list has no page', () => {
    expect(paginate(layout, [])).toEqual([]);
  });
});
