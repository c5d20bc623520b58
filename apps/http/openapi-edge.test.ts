import { describe, expect, it } from 'vitest';
import { ERRORS, type ErrorCode } from './errors.ts';
import { hasControlCharacters } from './input-guard.ts';
import { openApiDocument } from './openapi.ts';
import { ACCEPTED_TEXT } from './openapi-edge.ts';
import { codesNamedIn, error } from './openapi-parts.ts';

interface Response {
  $ref?: string;
  'x-error-codes'?: ErrorCode[];
}
interface Doc {
  paths: Record<string, Record<string, { responses: Record<string, Response>; requestBody?: { content: Record<string, unknown> } }>>;
  components: { responses: Record<string, Response> };
}
const doc = JSON.parse(JSON.stringify(openApiDocument())) as Doc;
const operations = Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })));
const codesOf = (response: Response | undefined): ErrorCode[] => {
  const resolved = response?.$ref ? doc.components.responses[response.$ref.split('/').at(-1)!] : response;
  return resolved?.['x-error-codes'] ?? [];
};

describe('the error codes of the OpenAPI document', () => {
  it('declares each code under the status the server answers it with (errors.ts)', () => {
    const misplaced = operations.flatMap(({ path, method, op }) =>
      Object.entries(op.responses).flatMap(([status, response]) => codesOf(response).filter((code) => String(ERRORS[code].status) !== status).map((code) => `${method} ${path} ${status}: ${code} is ${ERRORS[code].status}`)),
    );
    expect(misplaced).toEqual([]);
  });

  it('lists the codes of every error answer with a JSON body', () => {
    const unlisted = operations.flatMap(({ path, method, op }) =>
      Object.entries(op.responses)
        .filter(([status, response]) => Number(status) >= 400 && (response.$ref !== undefined || (response as { content?: Record<string, unknown> }).content?.['application/json'] !== undefined))
        .filter(([, response]) => codesOf(response).length === 0)
        .map(([status]) => `${method} ${path} ${status}`),
    );
    expect(unlisted).toEqual([]);
  });

  it('reads the codes from an error’s description, and refuses a description that names none', () => {
    expect(codesNamedIn('loan_not_found (also for another member’s loan), key_facts_not_found; unauthenticated')).toEqual(['loan_not_found', 'key_facts_not_found', 'unauthenticated']);
    expect(codesNamedIn('no_such_code, the database is down')).toEqual([]);
    expect(() => error('The database is unreachable')).toThrow(/names its codes/);
  });
});

describe('the edge’s answers in the OpenAPI document', () => {
  it('are declared on every operation they can reach', () => {
    const missing: string[] = [];
    for (const { path, method, op } of operations) {
      const raw = op.requestBody?.content['application/octet-stream'] !== undefined;
      const expected: Array<[string, ErrorCode]> = [];
      if (path.startsWith('/api/')) expected.push(['400', 'invalid_characters']);
      if (path.startsWith('/api/') && ['post', 'put', 'patch'].includes(method) && !raw) expected.push(['400', 'invalid_json'], ['413', 'payload_too_large'], ['415', 'unsupported_media_type']);
      if (['post', 'put', 'patch', 'delete'].includes(method)) expected.push(['403', 'cross_site_request']);
      if (path.startsWith('/api/') && path.includes('{')) expected.push(['404', 'not_found']);
      for (const [status, code] of expected) if (!codesOf(op.responses[status]).includes(code)) missing.push(`${method} ${path} ${status} ${code}`);
    }
    expect(missing).toEqual([]);
  });

  it('refers to the shared responses where an operation declares nothing of its own', () => {
    expect(doc.paths['/api/tontines/{id}']!.get!.responses['400']).toEqual({ $ref: '#/components/responses/InvalidCharacters' });
    expect(doc.paths['/api/loans']!.get!.responses['401']).toEqual({ $ref: '#/components/responses/Unauthenticated' });
    expect(Object.keys(doc.components.responses)).toEqual(expect.arrayContaining(['InvalidRequest', 'CrossSiteRequest', 'PayloadTooLarge', 'UnsupportedMediaType', 'MethodNotAllowed', 'RateLimited']));
  });

  it('states in request strings exactly the characters the edge refuses', () => {
    const accepted = new RegExp(ACCEPTED_TEXT, 'u');
    for (let point = 0; point <= 0x2070; point++) {
      const text = `a${String.fromCodePoint(point)}b`;
      expect(accepted.test(text), `U+${point.toString(16)}`).toBe(!hasControlCharacters(text));
    }
  });
});
