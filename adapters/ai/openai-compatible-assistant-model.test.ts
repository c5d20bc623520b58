/**
 * The language-model adapter against a fake OpenAI-compatible server (tests/fakes/openai-chat-server.ts)
 * that speaks the protocol, tool calls included, behind the real AskAssistant: the model's answer is
 * used when grounded, the built-in answer otherwise, on a timeout, an error or a bad answer.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { anAssistantWorld } from '../../core/assistant/assistant.fixtures.ts';
import { startFakeChatServer, toolResults, type Brain, type FakeChatServer } from '../../tests/fakes/openai-chat-server.ts';
import { OpenAiCompatibleAssistantModel, systemPrompt } from './openai-compatible-assistant-model.ts';

let llm: FakeChatServer | undefined;
afterEach(async () => {
  await llm?.stop();
  llm = undefined;
});

/** Calls get_savings first, then writes the figure the tool returned (or what `say` makes of it). */
const savingsBrain =
  (say: (savings: string) => string = (s) => `You have saved ${s}.`): Brain =>
  (request) => {
    const results = toolResults(request) as { totalSavings?: string }[];
    if (results.length === 0) return { toolCalls: [{ name: 'get_savings', arguments: {} }] };
    return { content: say(results[0]!.totalSavings ?? '') };
  };

async function ask(brain: Brain, options: { timeoutMs?: number; ollamaNative?: boolean; apiKey?: string } = {}, message = 'how much have I saved', memberId: string | null = 'bob') {
  llm = await startFakeChatServer({ brain, ...(options.ollamaNative ? { ollamaNative: true } : {}) });
  const model = new OpenAiCompatibleAssistantModel({ baseUrl: llm.url, model: llm.model, apiKey: options.apiKey ?? llm.apiKey, timeoutMs: options.timeoutMs ?? 2_000 });
  const world = anAssistantWorld(model);
  const result = await world.ask.execute({ memberId, language: 'en', message, clientKey: '127.0.0.1' });
  if (!result.ok) throw new Error(result.error);
  return { answer: result.value, llm, world };
}

describe('OpenAiCompatibleAssistantModel', () => {
  it('runs the tool calls for the signed-in member and answers the grounded text', async () => {
    const { answer, llm } = await ask(savingsBrain());
    expect(answer.engine).toBe('model');
    expect(answer.response).toBe('You have saved 48,250 RWF.');
    // First request: system prompt, the question and the member's tools; second: the tool's answer named by its call id.
    expect(llm.requests).toHaveLength(2);
    expect(llm.requests[0]!.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(llm.requests[0]!.tools!.map((t) => t.function.name)).toContain('quote_loan');
    expect(llm.requests[0]!.tool_choice).toBe('auto');
    const [, assistant, tool] = llm.requests[1]!.messages.slice(1);
    expect(tool!.tool_call_id).toBe(assistant!.tool_calls![0]!.id);
    expect(llm.headers[0]!.authorization).toBe(`Bearer ${llm.apiKey}`);
  });

  it("reads Ollama's native tool calls (arguments as an object, no id)", async () => {
    const brain: Brain = (request) => {
      const results = toolResults(request) as { ok?: boolean; monthlyPayment?: string }[];
      if (results.length === 0) return { toolCalls: [{ name: 'quote_loan', arguments: { amount: 100_000, term_months: 12 } }] };
      return { content: `That loan costs ${results[0]!.monthlyPayment} a month.` };
    };
    const { answer } = await ask(brain, { ollamaNative: true }, 'monthly payment for 100000 over 12 months');
    expect(answer.engine).toBe('model');
    expect(answer.response).toBe('That loan costs 8,792 RWF a month.');
  });

  it('falls back to the built-in answer when the model states a number no tool returned', async () => {
    const { answer } = await ask(savingsBrain(() => 'You have saved 50,000 RWF, roughly.'));
    expect(answer.engine).toBe('built_in');
    expect(answer.response).toContain('48,250 RWF');
  });

  it('falls back on a timeout, a server error, a refused key and an answer that does not parse', async () => {
    await ask(savingsBrain()); // starts the server, answered normally once
    llm!.stallNext(1_000);
    const model = new OpenAiCompatibleAssistantModel({ baseUrl: llm!.url, model: llm!.model, apiKey: llm!.apiKey, timeoutMs: 200 });
    const started = Date.now();
    const timedOut = await anAssistantWorld(model).ask.execute({ memberId: 'bob', language: 'en', message: 'how much have I saved', clientKey: 'x' });
    expect(Date.now() - started).toBeLessThan(900);
    expect(timedOut.ok && timedOut.value.engine).toBe('built_in');

    llm!.failNext(500);
    const failed = await anAssistantWorld(model).ask.execute({ memberId: 'bob', language: 'en', message: 'how much have I saved', clientKey: 'x' });
    expect(failed.ok && failed.value.engine).toBe('built_in');

    llm!.answerNext({ choices: [] });
    const garbled = await anAssistantWorld(model).ask.execute({ memberId: 'bob', language: 'en', message: 'how much have I saved', clientKey: 'x' });
    expect(garbled.ok && garbled.value.engine).toBe('built_in');

    const wrongKey = new OpenAiCompatibleAssistantModel({ baseUrl: llm!.url, model: llm!.model, apiKey: 'wrong', timeoutMs: 500 });
    const refused = await anAssistantWorld(wrongKey).ask.execute({ memberId: 'bob', language: 'en', message: 'how much have I saved', clientKey: 'x' });
    expect(refused.ok && refused.value.engine).toBe('built_in');
  });

  it('gives up after its rounds when the model keeps calling tools', async () => {
    const { answer, llm } = await ask(() => ({ toolCalls: [{ name: 'get_savings', arguments: {} }] }));
    expect(answer.engine).toBe('built_in');
    expect(llm.requests).toHaveLength(4);
  });

  it("gives a visitor's model the rules tool only, and tells it so", async () => {
    const brain: Brain = (request) => {
      const results = toolResults(request) as { merchantFeePercent?: number }[];
      if (results.length === 0) return { toolCalls: [{ name: 'get_product_rules', arguments: {} }] };
      return { content: `Merchants pay ${results[0]!.merchantFeePercent} % per payment.` };
    };
    const { answer, llm } = await ask(brain, {}, 'what fee do merchants pay', null);
    expect(answer.response).toBe('Merchants pay 2 % per payment.');
    expect(llm.requests[0]!.tools!.map((t) => t.function.name)).toEqual(['get_product_rules']);
    expect(llm.requests[0]!.messages[0]!.content).toBe(systemPrompt('en', false));
  });
});
