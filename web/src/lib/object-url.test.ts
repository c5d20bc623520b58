import { describe, expect, it } from 'vitest';
import { isPrivateObject, objectSrc, privateObjectFetchPath } from './object-url.ts';

describe('object addresses', () => {
  it('serves a public object under /api, whether stored as its path or as its served address', () => {
    expect(objectSrc('/objects/public/abc-123')).toBe('/api/objects/public/abc-123');
    expect(objectSrc('/api/objects/public/abc-123')).toBe('/api/objects/public/abc-123');
  });

  it('gives no plain address for a private object: it needs the bearer token', () => {
    expect(objectSrc('/objects/private/abc')).toBeNull();
    expect(isPrivateObject('/objects/private/abc')).toBe(true);
    expect(isPrivateObject('/api/objects/private/abc')).toBe(true);
    expect(privateObjectFetchPath('/objects/private/abc')).toBe('/api/objects/private/abc');
    expect(privateObjectFetchPath('/api/objects/private/abc?x=1')).toBe('/api/objects/private/abc');
    expect(privateObjectFetchPath('/objects/public/abc')).toBeNull();
  });

  it('keeps absolute image addresses (a provider avatar, a local preview) and refuses anything else', () => {
    expect(objectSrc('https://lh3.googleusercontent.com/a/x')).toBe('https://lh3.googleusercontent.com/a/x');
    expect(objectSrc('blob:http://localhost/1')).toBe('blob:http://localhost/1');
    expect(objectSrc('data:image/png;base64,AAA')).toBe('data:image/png;base64,AAA');
    for (const bad of [null, undefined, '', 'javascript:alert(1)', 'http://plain.example/x.png', '/objects/private/../../etc', 'data:text/html,<b>x</b>']) {
      expect(objectSrc(bad), String(bad)).toBeNull();
    }
  });
});
