/**
 * The assistant's wiring (core/assistant): its grounded tools over the member's own use cases
 * (savings dashboard, contributions, loan summary, credit score, borrower profile, group
 * recommendations), the conversation store, the rate limiter, and the optional language model
 * from the configuration. `assistantRouteUseCases` hands the routes what they call.
 */
import type { Container } from 'inversify';
import { ContainerModule } from 'inversify';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AskAssistant, type AskAssistantDeps } from '../../core/assistant/ask-assistant.ts';
import type { AssistantModel } from '../../core/assistant/ports.ts';
import { AssistantTools } from '../../core/assistant/grounded-tools.ts';
import { TRAINING } from '../../core/assistant/phrases/training.ts';
import { ShowAssistantConversation } from '../../core/assistant/show-assistant-conversation.ts';
import { MessageUnderstanding } from '../../core/assistant/understand.ts';
import { ListMemberContributions } from '../../core/contributions/list-member-contributions.ts';
import { ShowCreditScore } from '../../core/credit/show-credit-score.ts';
import { CheckLoanEligibility } from '../../core/loans/check-loan-eligibility.ts';
import { RecommendTontines } from '../../core/tontines/recommend-tontines.ts';
import { ShowSavingsDashboard } from '../../core/tontines/show-savings-dashboard.ts';
import { OpenAiCompatibleAssistantModel } from '../../adapters/ai/openai-compatible-assistant-model.ts';
import { PostgresAssistantConversations } from '../../adapters/postgres/postgres-assistant-conversations.ts';
import type { Config } from '../config.ts';
import { fromDeps, withDeps } from '../deps.ts';
import type { AssistantRouteUseCases } from '../http/assistant-routes.ts';
import { TOKENS } from '../tokens.ts';

export function assistantRouteUseCases(container: Container): AssistantRouteUseCases {
  return { askAssistant: container.get(AskAssistant), showAssistantConversation: container.get(ShowAssistantConversation) };
}

export const assistantModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.AssistantConversations).toResolvedValue((em: EntityManager) => new PostgresAssistantConversations(em), [TOKENS.EntityManager]);
  bind(TOKENS.AssistantModel).toResolvedValue((config: Config) => (config.assistant.llm ? new OpenAiCompatibleAssistantModel(config.assistant.llm) : null), [TOKENS.Config]);
  // Trained once per process from the phrase sets in core/assistant/phrases (pure, about 0.1 s).
  bind(MessageUnderstanding).toResolvedValue(() => new MessageUnderstanding(TRAINING));
  bind(AssistantTools).toResolvedValue(
    ...withDeps(AssistantTools, {
      showSavingsDashboard: ShowSavingsDashboard,
      listMemberContributions: ListMemberContributions,
      checkLoanEligibility: CheckLoanEligibility,
      showCreditScore: ShowCreditScore,
      borrowers: TOKENS.Borrowers,
      recommendTontines: RecommendTontines,
      clock: TOKENS.Clock,
    }),
  );
  bind(AskAssistant).toResolvedValue(
    ...fromDeps(
      ({ config, model, ...deps }: Omit<AskAssistantDeps, 'rateLimit' | 'model'> & { config: Config; model: AssistantModel | null }) =>
        new AskAssistant({ ...deps, rateLimit: config.assistant.rateLimit, model: model ?? undefined }),
      {
        understanding: MessageUnderstanding,
        tools: AssistantTools,
        conversations: TOKENS.AssistantConversations,
        limiter: TOKENS.RateLimiter,
        config: TOKENS.Config,
        clock: TOKENS.Clock,
        ids: TOKENS.IdGenerator,
        model: TOKENS.AssistantModel,
      },
    ),
  );
  bind(ShowAssistantConversation).toResolvedValue(...withDeps(ShowAssistantConversation, { conversations: TOKENS.AssistantConversations }));
});
