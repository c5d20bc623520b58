import { describe, expect, it } from 'vitest';
import { incomingKeyOf, objectKeyOf, objectPathOf, parseObjectAddress, servedUrlOf } from './object-path.ts';

const id = '0b6c9c1e-6f1f-4f53-9c1a-1d2e3f4a5b6c';

describe('object names', () => {
  it('names an object by its path, served under /api, kept under its own key', () => {
    expect(objectPathOf('private', id)).toBe(`/objects/private/${id}`);
    expect(servedUrlOf(objectPathOf('public', id))).toBe(`/api/objects/public/${id}`);
    expect(objectKeyOf('public', id)).toBe(`objects/public/${id}`);
    expect(incomingKeyOf(id)).toBe(`incoming/${id}`);
  });

  it('reads every address a client may send back for an object', () => {
    expect(parseObjectAddress(`/objects/private/${id}`)).toEqual({ id, visibility: 'private' });
    expect(parseObjectAddress(`objects/public/${id}`)).toEqual({ id, visibility: 'public' });
    expect(parseObjectAddress(`/api/objects/public/${id}`)).toEqual({ id, visibility: 'public' });
    expect(parseObjectAddress(`https://ikimina.rw/api/objects/private/${id}?v=1#x`)).toEqual({ id, visibility: 'private' });
    expect(parseObjectAddress(`http://localhost:3000/api/objects/uploads/${id}?expires=1&signature=x`)).toEqual({ id });
    expect(parseObjectAddress(`http://minio:9000/ikimina/incoming/${id}?X-Amz-Signature=abc`)).toEqual({ id });
    expect(parseObjectAddress(` /objects/private/${id.toUpperCase()} `)).toEqual({ id, visibility: 'private' });
  });

  it('reads nothing else', () => {
    for (const address of [
      '',
      'https://evil.example/',
      `/objects/secret/${id}`,
      `/objects/private/${id}/more`,
      '/objects/private/not-a-uuid',
      `/objects/private/${id}x`,
      `/etc/passwd/${id}`,
      `/objects/private/../../${id}`,
      `/objects/private/${id}`.padStart(5000, '/'),
    ]) {
      expect(parseObjectAddress(address), address).toBeNull();
    }
  });
});
