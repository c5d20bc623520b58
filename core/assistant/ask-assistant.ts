/**
 * AskAssistant: a member (or a signed-out visitor) asks the assistant a question in their words.
 *
 * Guarantees
 * - Answers in the member's language: the saved one, unless the message is clearly written in
 *   another of en, fr, rw, sw (understand.ts).
 * - Figures come only from the grounded tools (grounded-tools.ts), run with the signed-in
 *   member's id: nothing the message says can make another member's records appear. A visitor
 *   gets general answers only, and is asked to sign in for anything about an account.
 * - Each answer with a figure names its source and the screen that shows it, in words; the screens
 *   an answer points to come with it as links (`links`) for the UI to render. What the assistant
 *   cannot answer it says so and points to the learning modules.
 * - What a member may borrow is the Loans page's checklist: a limit below the minimum loan is
 *   never offered; what is missing is named, with a link to where it is done.
 * - With a language model configured, its answer is used only when every number it states is a
 *   number the tools returned or the member wrote (grounding.ts); otherwise, on a timeout or on
 *   any error, the built-in answer is given.
 * - An empty message is `message_empty`, one over MAX_MESSAGE_LENGTH characters
 *   `message_too_long`; each counts against a rate limit per member (or per address for a
 *   visitor): over it, `rate_limited` with the wait. A refused message is neither answered nor kept.
 * - A member's question and its answer are kept together (AssistantConversations), a visitor's never.
 */
import type { RateLimiter } from '../accounts/ports.ts';
import type { Clock, IdGenerator } from '../shared/clock.ts';
import { err, ok, rateLimited, type RateLimited, type Result } from '../shared/result.ts';
import { ANSWERS, withSource } from './answers.ts';
import type { Entities } from './entities.ts';
import { isGrounded, leaves } from './grounding.ts';
import { productRules, SCREEN_OF, type AssistantTools, type Screen, type Source } from './grounded-tools.ts';
import type { Intent, Language } from './intents.ts';
import type { AssistantConversations, AssistantMessage, AssistantModel } from './ports.ts';
import { runTool, toolsFor } from './tool-calls.ts';
import type { MessageUnderstanding } from './understand.ts';

export const MAX_MESSAGE_LENGTH = 1_000;

export interface AssistantRateLimit {
  readonly perWindow: number;
  readonly windowSeconds: number;
}

export interface AskAssistantDeps {
  understanding: MessageUnderstanding;
  tools: AssistantTools;
  conversations: AssistantConversations;
  limiter: RateLimiter;
  rateLimit: AssistantRateLimit;
  clock: Clock;
  ids: IdGenerator;
  /** Optional: a language model given the same tools. */
  model?: AssistantModel | undefined;
}

export interface AskAssistantInput {
  /** The signed-in member, or null for a visitor. */
  readonly memberId: string | null;
  /** The member's saved language (a visitor: the language their page is shown in). */
  readonly language: Language;
  readonly message: string;
  /** Who is counted by the rate limit when nobody is signed in (the client address). */
  readonly clientKey: string;
}

export interface AssistantAnswer {
  readonly response: string;
  readonly language: Language;
  readonly intent: Intent;
  readonly engine: 'built_in' | 'model';
  readonly sources: readonly Source[];
  /** The screens the answer points to, for the UI to offer as links (not kept with the message). */
  readonly links: readonly Screen[];
  /** The question and the answer as kept (members only; empty for a visitor). */
  readonly messages: readonly AssistantMessage[];
}

export type AskAssistantError = 'message_empty' | 'message_too_long';

const PERSONAL: ReadonlySet<Intent> = new Set(['savings', 'next_contribution', 'payouts', 'credit_score', 'loan_limit', 'loan_instalment', 'recommend_groups']);

export class AskAssistant {
  constructor(private readonly deps: AskAssistantDeps) {}

  async execute(input: AskAssistantInput): Promise<Result<AssistantAnswer, AskAssistantError> | RateLimited> {
    const { understanding, tools, conversations, limiter, rateLimit, clock, ids, model } = this.deps;
    const message = input.message.trim();
    if (message === '') return err('message_empty');
    if ([...message].length > MAX_MESSAGE_LENGTH) return err('message_too_long');
    const now = clock.now();
    const hit = await limiter.hit(`assistant:${input.memberId ?? `visitor:${input.clientKey}`}`, rateLimit.windowSeconds, now);
    if (hit.count > rateLimit.perWindow) return rateLimited(hit.resetInSeconds);

    const { memberId } = input;
    const groupNames = memberId === null ? [] : await tools.groupNames(memberId);
    const understood = understanding.understand(message, input.language, groupNames);
    const { language, intent } = understood;

    const builtIn = await this.builtIn(intent, understood.entities, language, memberId);
    let answer = { text: builtIn.text, sources: builtIn.sources, engine: 'built_in' as 'built_in' | 'model' };
    const links = builtIn.links;
    if (model) {
      const evidence: string[] = [message];
      const modelText = await model
        .reply({
          message,
          language,
          signedIn: memberId !== null,
          tools: toolsFor(memberId),
          call: async (name, args) => {
            const result = await runTool(tools, memberId, name, args);
            evidence.push(...leaves(result));
            return result;
          },
        })
        .catch(() => null);
      if (modelText !== null && modelText.trim() !== '' && isGrounded(modelText, evidence)) answer = { text: modelText.trim(), sources: builtIn.sources, engine: 'model' };
    }

    const messages: AssistantMessage[] =
      memberId === null
        ? []
        : [
            { id: ids.newId(), memberId, role: 'user', content: message, language, intent, createdAt: now },
            { id: ids.newId(), memberId, role: 'assistant', content: answer.text, language, intent, createdAt: new Date(now.getTime() + 1) },
          ];
    if (messages.length > 0) await conversations.append(messages);
    return ok({ response: answer.text, language, intent, engine: answer.engine, sources: answer.sources, links, messages });
  }

  /** The built-in engine's answer: the intent's tool, then its catalogue text in `language`, and the screens it points to. */
  private async builtIn(intent: Intent, entities: Entities, language: Language, memberId: string | null): Promise<{ text: string; sources: Source[]; links: Screen[] }> {
    const say = ANSWERS[language];
    const { tools } = this.deps;
    const sourced = (text: string, source: Source, before: Screen[] = []) => ({ text: withSource(language, text, source), sources: [source], links: [...new Set([...before, SCREEN_OF[source]])] });
    const plainText = (text: string, links: Screen[] = []) => ({ text, sources: [], links });
    if (PERSONAL.has(intent) && memberId === null) return plainText(say.signInFirst);
    const rules = productRules();
    switch (intent) {
      case 'greeting':
        return plainText(say.greeting(memberId !== null));
      case 'savings':
        return sourced(say.savings(await tools.savings(memberId!)), 'savings_dashboard');
      case 'next_contribution':
        return sourced(say.nextContribution(await tools.nextContribution(memberId!, entities.groupName)), 'contributions');
      case 'payouts':
        return sourced(say.payouts(await tools.payouts(memberId!)), 'savings_dashboard');
      case 'credit_score':
        return sourced(say.creditScore(await tools.creditScore(memberId!)), 'credit_assessment');
      case 'loan_limit': {
        const limit = await tools.loanLimit(memberId!);
        // Where each missing requirement is met: the ID on the Verification tab, savings on Tontines.
        const to: Screen[] = limit.missing.flatMap((m): Screen[] => (m.kind === 'identity_verified' ? ['verification'] : m.kind === 'savings' ? ['tontines'] : []));
        return sourced(say.loanLimit(limit), 'loans_summary', to);
      }
      case 'loan_instalment':
        return sourced(say.loanQuote(await tools.loanQuote(memberId!, entities.amounts[0] ?? null, entities.termMonths)), 'loan_calculation');
      case 'recommend_groups':
        return sourced(say.groups(await tools.groups(memberId!, entities.amounts[0] ?? null)), 'recommendations');
      case 'merchant_fees':
        return sourced(say.merchantFees(rules), 'product_rules');
      case 'agent_commission':
        return sourced(say.agentCommission(rules), 'product_rules');
      case 'how_tontines':
        return sourced(say.howTontines(rules), 'product_rules', ['tontines']);
      case 'how_loans':
        return sourced(say.howLoans(rules), 'product_rules', ['loans']);
      case 'how_reminders':
        return sourced(say.howReminders(rules), 'product_rules', ['profile']);
      case 'how_verification':
        return plainText(say.howVerification, ['verification']);
      case 'how_ussd':
        return plainText(say.howUssd);
      case 'others_data':
        return plainText(say.othersData);
      case 'off_topic':
        return plainText(say.offTopic, ['education']);
    }
  }
}
