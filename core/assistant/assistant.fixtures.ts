/** A small world for the assistant's tests: two members with their own figures, behind the use cases' shapes. */
import { CountingLimiter } from '../accounts/accounts.fixtures.ts';
import { aContribution } from '../contributions/contributions.fixtures.ts';
import type { MemberContributionEntry } from '../contributions/list-member-contributions.ts';
import type { CreditAssessment } from '../credit/ports.ts';
import { loanEligibility } from '../loans/loan-eligibility.ts';
import { Money } from '../money/money.ts';
import { ok } from '../shared/result.ts';
import { localDate } from '../shared/calendar.ts';
import { FixedClock, SequentialIds } from '../shared/shared.fixtures.ts';
import { aTontine } from '../tontines/tontines.fixtures.ts';
import type { SavingsDashboard } from '../tontines/show-savings-dashboard.ts';
import { AskAssistant, type AskAssistantDeps } from './ask-assistant.ts';
import { AssistantTools } from './grounded-tools.ts';
import { TRAINING } from './phrases/training.ts';
import type { AssistantConversations, AssistantMessage, AssistantModel } from './ports.ts';
import { MessageUnderstanding } from './understand.ts';

/** Built once: training is pure, and every test reads the same model. */
export const UNDERSTANDING = new MessageUnderstanding(TRAINING);

export class InMemoryConversations implements AssistantConversations {
  messages: AssistantMessage[] = [];
  async append(messages: readonly AssistantMessage[]) {
    this.messages.push(...messages);
  }
  async recent(memberId: string, limit: number) {
    return this.messages.filter((m) => m.memberId === memberId).slice(-limit);
  }
}

interface MemberFigures {
  dashboard: SavingsDashboard;
  contributions: MemberContributionEntry[];
  assessment?: CreditAssessment;
  savings: Money;
  score: number;
  identityVerified: boolean;
}

export function anAssistantWorld(model?: AssistantModel) {
  const clock = new FixedClock(new Date('2026-03-01T08:00:00Z'));
  const now = clock.now();
  const figures: Record<string, MemberFigures> = {
    bob: {
      dashboard: {
        totalSavings: Money.ofFrancs(48_250),
        activeTontines: 2,
        savingsStreakMonths: 3,
        nextPayment: null,
        onTimeRate: 100,
        nextPayout: { date: localDate(2026, 4, 15), amount: Money.ofFrancs(60_000), tontineName: 'Abadatezuka' },
      },
      contributions: [
        { contribution: aContribution({ id: 'b1', memberId: 'bob', tontineId: 't1', amount: Money.ofFrancs(5_000), dueDate: localDate(2026, 3, 10) }), tontineName: 'Abadatezuka', status: 'pending' },
        { contribution: aContribution({ id: 'b2', memberId: 'bob', tontineId: 't2', amount: Money.ofFrancs(2_500), dueDate: localDate(2026, 3, 20) }), tontineName: 'Twiteze Imbere', status: 'pending' },
      ],
      assessment: {
        id: 'a1', memberId: 'bob', assessedAt: new Date('2026-02-20T10:00:00Z'), score: 712, rating: 'Good', maxLoanAmount: Money.ofFrancs(24_125),
        factors: [{ factor: 'Payment history', description: 'On time', weight: 0.4, impact: 'positive', points: 120 }], recommendations: [], modelVersion: 'v1',
      },
      savings: Money.ofFrancs(48_250),
      score: 712,
      identityVerified: true,
    },
    alice: {
      dashboard: { totalSavings: Money.ofFrancs(913_377), activeTontines: 4, savingsStreakMonths: 9, nextPayment: null, onTimeRate: 97, nextPayout: null },
      contributions: [{ contribution: aContribution({ id: 'a1', memberId: 'alice', tontineId: 't9', amount: Money.ofFrancs(77_777), dueDate: localDate(2026, 3, 9) }), tontineName: 'Alice Secret Club', status: 'pending' }],
      assessment: {
        id: 'a2', memberId: 'alice', assessedAt: new Date('2026-02-21T10:00:00Z'), score: 801, rating: 'Excellent', maxLoanAmount: Money.ofFrancs(456_688),
        factors: [], recommendations: [], modelVersion: 'v1',
      },
      savings: Money.ofFrancs(913_377),
      score: 801,
      identityVerified: true,
    },
    // The newcomer: 16,502 RWF saved, a limit of 8,251 RWF below the 10,000 RWF minimum, ID not verified.
    nina: {
      dashboard: { totalSavings: Money.ofFrancs(16_502), activeTontines: 1, savingsStreakMonths: 1, nextPayment: null, onTimeRate: 100, nextPayout: null },
      contributions: [],
      assessment: {
        id: 'a3', memberId: 'nina', assessedAt: new Date('2026-02-25T10:00:00Z'), score: 603, rating: 'Poor', maxLoanAmount: Money.ofFrancs(8_251),
        factors: [], recommendations: [], modelVersion: 'v1',
      },
      savings: Money.ofFrancs(16_502),
      score: 603,
      identityVerified: false,
    },
  };
  const of = (id: string) => figures[id] ?? figures.bob!;
  const openGroup = aTontine().withMembers(2).withMaxMembers(6).contributing(Money.ofFrancs(3_000)).every('weekly').build();
  const tools = new AssistantTools({
    showSavingsDashboard: { execute: async ({ userId }) => of(userId).dashboard },
    listMemberContributions: { execute: async ({ userId }) => of(userId).contributions },
    // The loans module's own rule over each member's figures.
    checkLoanEligibility: { execute: async ({ memberId }) => ok(loanEligibility({ identityVerified: of(memberId).identityVerified, savingsBalance: of(memberId).savings, loans: [] }, now)) },
    showCreditScore: { execute: async ({ memberId }) => of(memberId).assessment },
    borrowers: { profileOf: async (memberId) => ({ identityVerified: of(memberId).identityVerified, savingsBalance: of(memberId).savings, creditScore: of(memberId).score, creditModelVersion: 'v1' }) },
    recommendTontines: { execute: async () => [{ tontine: openGroup, score: 0.83, reason: '' }] },
    clock,
  });
  const conversations = new InMemoryConversations();
  const limiter = new CountingLimiter();
  const deps: AskAssistantDeps = { understanding: UNDERSTANDING, tools, conversations, limiter, rateLimit: { perWindow: 5, windowSeconds: 60 }, clock, ids: new SequentialIds('m'), model };
  return { ask: new AskAssistant(deps), tools, conversations, limiter, clock, now, figures };
}
