/**
 * Fake OpenAI-compatible chat-completions server: a real HTTP server on 127.0.0.1 speaking the
 * protocol of PROVIDERS.md §11 (what Ollama's /v1, vLLM and llama.cpp's server answer), tool calls
 * included, for the assistant's language-model adapter.
 *
 * Usage
 *   const llm = await startFakeChatServer({ brain });   // options: model, apiKey, brain
 *   new OpenAiCompatibleAssistantModel({ baseUrl: llm.url, model: llm.model, apiKey: llm.apiKey, timeoutMs: 2000 });
 *   llm.requests                 // every request body, parsed
 *   llm.failNext(500) / llm.stallNext(ms) / llm.answerNext(rawBody)
 *   await llm.stop();
 *
 * Guarantees (the checks such a server makes, so a wrong client fails)
 * - Only `POST /v1/chat/completions`; another path is a 404.
 * - With an apiKey, `Authorization: Bearer <key>` is required, else 401 `{error: {message, type}}`.
 * - The body must be JSON with the configured `model` (else 404 model not found), a non-empty
 *   `messages` list, and `tools` as `[{type: "function", function: {name, parameters}}]`; every
 *   `{role: "tool"}` message must carry a `tool_call_id` that an earlier assistant message's
 *   `tool_calls` announced (else 400), as OpenAI enforces.
 * - The brain decides each turn from the conversation: tool calls (answered with
 *   `finish_reason: "tool_calls"` and `arguments` as a JSON string, or as an object with no id
 *   when `ollamaNative` is set, as Ollama's native API does) or a text (`finish_reason: "stop"`).
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeChatMessage {
  role: string;
  content?: string | null;
  tool_call_id?: string;
  tool_calls?: { id: string; type: string; function: { name: string; arguments: string } }[];
}

export interface FakeChatRequest {
  model: string;
  messages: FakeChatMessage[];
  tools?: { type: string; function: { name: string; description?: string; parameters?: unknown } }[];
  tool_choice?: unknown;
}

export type BrainTurn = { toolCalls: { name: string; arguments: Record<string, unknown> }[] } | { content: string };
export type Brain = (request: FakeChatRequest) => BrainTurn;

export interface FakeChatServer {
  url: string;
  model: string;
  apiKey: string;
  requests: FakeChatRequest[];
  headers: IncomingHttpHeaders[];
  failNext(status: number): void;
  stallNext(ms: number): void;
  answerNext(body: unknown): void;
  stop(): Promise<void>;
}

/** The tool results of the conversation so far, parsed, in order. */
export function toolResults(request: FakeChatRequest): unknown[] {
  return request.messages.filter((m) => m.role === 'tool').map((m) => JSON.parse(m.content ?? 'null') as unknown);
}

export async function startFakeChatServer(options: { model?: string; apiKey?: string; brain: Brain; ollamaNative?: boolean }): Promise<FakeChatServer> {
  const model = options.model ?? 'fake-llama';
  const apiKey = options.apiKey ?? 'test-llm-key';
  const requests: FakeChatRequest[] = [];
  const headers: IncomingHttpHeaders[] = [];
  const next: { fail?: number; stallMs?: number; raw?: unknown }[] = [];
  let calls = 0;

  const reply = (status: number, body: unknown) => ({ status, body });

  function answer(path: string, method: string, h: IncomingHttpHeaders, text: string) {
    if (method !== 'POST' || path !== '/v1/chat/completions') return reply(404, { error: { message: 'not found', type: 'invalid_request_error' } });
    if (apiKey && h.authorization !== `Bearer ${apiKey}`) return reply(401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } });
    let body: FakeChatRequest;
    try {
      body = JSON.parse(text) as FakeChatRequest;
    } catch {
      return reply(400, { error: { message: 'invalid JSON', type: 'invalid_request_error' } });
    }
    if (body.model !== model) return reply(404, { error: { message: `model "${body.model}" not found`, type: 'not_found_error' } });
    if (!Array.isArray(body.messages) || body.messages.length === 0) return reply(400, { error: { message: 'messages must be a non-empty array', type: 'invalid_request_error' } });
    if (body.tools !== undefined && !(Array.isArray(body.tools) && body.tools.every((t) => t.type === 'function' && typeof t.function?.name === 'string'))) {
      return reply(400, { error: { message: 'tools must be functions', type: 'invalid_request_error' } });
    }
    const announced = new Set<string>();
    for (const m of body.messages) {
      for (const c of m.tool_calls ?? []) announced.add(c.id);
      if (m.role === 'tool' && (typeof m.tool_call_id !== 'string' || !announced.has(m.tool_call_id))) {
        return reply(400, { error: { message: "messages with role 'tool' must be a response to a preceding message with 'tool_calls'", type: 'invalid_request_error' } });
      }
    }
    requests.push(body);
    const turn = options.brain(body);
    calls += 1;
    if ('content' in turn) {
      return reply(200, { id: `chatcmpl-${calls}`, object: 'chat.completion', model, choices: [{ index: 0, message: { role: 'assistant', content: turn.content }, finish_reason: 'stop' }] });
    }
    const toolCalls = turn.toolCalls.map((c, i) =>
      options.ollamaNative ? { function: { name: c.name, arguments: c.arguments } } : { id: `call_${calls}_${i}`, type: 'function', function: { name: c.name, arguments: JSON.stringify(c.arguments) } },
    );
    return reply(200, { id: `chatcmpl-${calls}`, object: 'chat.completion', model, choices: [{ index: 0, message: { role: 'assistant', content: null, tool_calls: toolCalls }, finish_reason: 'tool_calls' }] });
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      headers.push(req.headers);
      const scripted = next.shift();
      const send = () => {
        if (scripted?.fail) {
          res.writeHead(scripted.fail, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'scripted failure', type: 'server_error' } }));
          return;
        }
        if (scripted?.raw !== undefined) {
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(scripted.raw));
          return;
        }
        const { status, body } = answer(new URL(req.url ?? '/', 'http://x').pathname, req.method ?? '', req.headers, Buffer.concat(chunks).toString('utf8'));
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      };
      if (scripted?.stallMs) setTimeout(send, scripted.stallMs);
      else send();
    });
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    model,
    apiKey,
    requests,
    headers,
    failNext: (status) => void next.push({ fail: status }),
    stallNext: (ms) => void next.push({ stallMs: ms }),
    answerNext: (raw) => void next.push({ raw }),
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
