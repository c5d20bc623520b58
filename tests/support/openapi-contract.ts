/**
 * The OpenAPI document as a contract the server's answers are held to (docs/api-contract.md):
 * an answer's status must be declared for its operation, its media type declared for that status,
 * and a JSON body must match the declared schema, checked with ajv (JSON Schema 2020-12, the
 * dialect of OpenAPI 3.1) with formats (uuid, date-time, email …) enforced.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

type Schema = Record<string, unknown>;
interface Response {
  $ref?: string;
  description?: string;
  content?: Record<string, { schema?: Schema }>;
}
interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: Schema;
}
interface ContractDoc {
  paths: Record<string, Record<string, { responses?: Record<string, Response>; parameters?: Parameter[]; requestBody?: { required?: boolean; content: Record<string, { schema?: Schema }> } }>>;
  components?: { schemas?: Record<string, Schema>; responses?: Record<string, Response> };
}
/** A request as sent: its path parameters, query pairs, headers by lower-case name, and body (text when sent raw). */
export interface SentRequest {
  path: Record<string, string>;
  query: Array<[string, string]>;
  headers: Record<string, string>;
  /** undefined: no body; `{ raw }`: these characters, as sent. */
  body?: { raw: string; type: string } | { value: unknown; type: string };
}
/** What the checker needs of an answer (supertest's response has it). */
export interface Answer {
  status: number;
  type: string;
  body: unknown;
  text?: string;
}

const BASE = 'https://ikimina.rw/openapi.json';
/** OpenAPI's own words inside schemas: annotations, not assertions. */
const OPENAPI_KEYWORDS = ['example', 'discriminator', 'xml', 'externalDocs'];

/** `#/components/schemas/X` → the components registered once under BASE. */
function rebased<T>(value: T): T {
  return JSON.parse(JSON.stringify(value).replaceAll('"#/components/schemas/', `"${BASE}#/$defs/`)) as T;
}

export function contractOf(doc: ContractDoc) {
  const ajv = new Ajv2020({ strictSchema: true, strictNumbers: true, strictTypes: false, strictTuples: false, strictRequired: false, allErrors: true, validateFormats: true });
  addFormats.default(ajv);
  ajv.addVocabulary(OPENAPI_KEYWORDS);
  ajv.addSchema({ $id: BASE, $defs: rebased(doc.components?.schemas ?? {}) });
  const compiled = new Map<string, ValidateFunction>();
  // Path, query and header values are text: `?limit=20` is the integer 20, as the server reads it.
  const textAjv = new Ajv2020({ strictSchema: true, strictTypes: false, strictTuples: false, strictRequired: false, coerceTypes: true, validateFormats: true });
  addFormats.default(textAjv);
  textAjv.addVocabulary(OPENAPI_KEYWORDS);
  textAjv.addSchema({ $id: BASE, $defs: rebased(doc.components?.schemas ?? {}) });
  const validatorOf = (which: Ajv2020, key: string, schema: Schema) => {
    let validate = compiled.get(key);
    if (!validate) {
      validate = which.compile(rebased(schema));
      compiled.set(key, validate);
    }
    return validate;
  };

  const responseOf = (response: Response): Response => {
    if (!response.$ref) return response;
    const found = doc.components?.responses?.[response.$ref.replace('#/components/responses/', '')];
    if (!found) throw new Error(`unresolved ${response.$ref}`);
    return found;
  };

  /** What is wrong with the answer to `method path` by the document; null when nothing is. */
  function breachOf(method: string, path: string, answer: Answer): string | null {
    const responses = doc.paths[path]?.[method]?.responses ?? {};
    const status = String(answer.status);
    const declared = responses[status] ?? responses[`${status[0]}XX`] ?? responses.default;
    if (!declared) return `undeclared status ${status} (declared: ${Object.keys(responses).join(', ')}) ${JSON.stringify(answer.body).slice(0, 200)}`;
    const response = responseOf(declared);
    const hasBody = (answer.text ?? '') !== '' || (answer.body !== undefined && answer.body !== null && JSON.stringify(answer.body) !== '{}');
    if (!response.content) return hasBody ? `${status} declares no body, answered ${answer.type}` : null;
    const media = response.content[answer.type];
    if (!media) return `${status} answered ${answer.type || 'no body'}, declared ${Object.keys(response.content).join(', ')}`;
    if (answer.type !== 'application/json' || !media.schema) return null;
    const validate = validatorOf(ajv, `${method} ${path} ${status}`, media.schema);
    if (validate(answer.body)) return null;
    const errors = (validate.errors ?? []).slice(0, 3).map((e) => `${e.instancePath || '/'} ${e.message}`);
    return `${status} body does not match the document: ${errors.join('; ')} in ${JSON.stringify(answer.body).slice(0, 200)}`;
  }

  /**
   * Why the document refuses the request; null when it accepts it (every parameter and the body
   * match their schemas). Query parameters the operation does not list are let be, as OpenAPI does.
   */
  function refusalOf(method: string, path: string, sent: SentRequest): string | null {
    const operation = doc.paths[path]?.[method];
    if (!operation) return 'no such operation';
    for (const parameter of operation.parameters ?? []) {
      const values =
        parameter.in === 'path' ? [sent.path[parameter.name]].filter((v) => v !== undefined)
        : parameter.in === 'query' ? sent.query.filter(([name]) => name === parameter.name).map(([, v]) => v)
        : parameter.in === 'header' ? [sent.headers[parameter.name.toLowerCase()]].filter((v) => v !== undefined)
        : [];
      if (values.length === 0) {
        if (parameter.required) return `${parameter.in} ${parameter.name} missing`;
        continue;
      }
      const schema = parameter.schema ?? {};
      const value = schema.type === 'array' ? values : values.length === 1 ? values[0] : values;
      // ajv coerces `Infinity` and `1e309` to a number past every maximum, and lets it by; no parameter of this API takes them.
      if (/"(number|integer)"/.test(JSON.stringify(schema)) && Math.abs(Number(value)) === Infinity) return `${parameter.in} ${parameter.name}: not a finite number`;
      const validate = validatorOf(textAjv, `${method} ${path} ${parameter.in} ${parameter.name}`, { type: 'object', properties: { value: schema } });
      if (!validate({ value })) return `${parameter.in} ${parameter.name}: ${validate.errors?.[0]?.message}`;
    }
    const content = operation.requestBody?.content;
    if (!content) return null;
    if (!sent.body) return operation.requestBody?.required ? 'body missing' : null;
    const media = content[sent.body.type];
    if (!media) return `body sent as ${sent.body.type}`;
    if (!media.schema || sent.body.type === 'application/octet-stream') return null;
    let value: unknown;
    if ('value' in sent.body) value = sent.body.value;
    else if (sent.body.type === 'application/json') {
      try {
        value = JSON.parse(sent.body.raw);
      } catch {
        return 'body is not JSON';
      }
    } else value = Object.fromEntries(new URLSearchParams(sent.body.raw));
    const form = sent.body.type === 'application/x-www-form-urlencoded';
    const validate = validatorOf(form ? textAjv : ajv, `${method} ${path} body ${sent.body.type}`, media.schema);
    return validate(value) ? null : `body${validate.errors?.[0]?.instancePath ?? ''}: ${validate.errors?.[0]?.message}`;
  }

  return { breachOf, refusalOf };
}
