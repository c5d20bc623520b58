import { describe, expect, it } from 'vitest';
import { opensAtTop } from './page-scroll.ts';

describe('where a page opens after a navigation', () => {
  it('opens another page at its top, by a link or a redirect', () => {
    expect(opensAtTop('/tontines', '/tontines/5b3c', 'PUSH')).toBe(true);
    expect(opensAtTop('/loans', '/dashboard', 'REPLACE')).toBe(true);
  });

  it('leaves back and forward to the browser, which restores the scroll', () => {
    expect(opensAtTop('/tontines/5b3c', '/tontines', 'POP')).toBe(false);
  });

  it('keeps the scroll when only the query or a trailing slash changes on the same page', () => {
    expect(opensAtTop('/dashboard', '/dashboard', 'PUSH')).toBe(false);
    expect(opensAtTop('/tontines/', '/tontines', 'REPLACE')).toBe(false);
  });

  it('does nothing on the first page of a visit', () => {
    expect(opensAtTop(null, '/tontines', 'POP')).toBe(false);
    expect(opensAtTop(null, '/tontines', 'PUSH')).toBe(false);
  });
});
