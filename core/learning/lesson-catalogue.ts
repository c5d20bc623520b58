/**
 * The learning modules and their lessons, as identities: what a member can finish. The words of
 * each lesson (four languages) live with the web client; this is what the server checks a
 * finished lesson against, so that progress can only name lessons that exist.
 *
 * Guarantees
 * - Module ids are the six of the specification, in its order; lesson ids are unique within
 *   their module.
 */
export const DIFFICULTIES = ['beginner', 'intermediate', 'advanced'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

export interface LearningModule {
  id: string;
  difficulty: Difficulty;
  durationMinutes: number;
  lessons: readonly string[];
}

export const LEARNING_MODULES: readonly LearningModule[] = [
  { id: 'tontines', difficulty: 'beginner', durationMinutes: 15, lessons: ['what-is-a-tontine', 'joining-and-rotation', 'contributions-and-reminders'] },
  { id: 'loans', difficulty: 'intermediate', durationMinutes: 20, lessons: ['loan-limit', 'rates-and-credit-score', 'applying-and-repaying'] },
  { id: 'payments', difficulty: 'beginner', durationMinutes: 10, lessons: ['mobile-money', 'ussd', 'qr-and-cards'] },
  { id: 'agent-network', difficulty: 'intermediate', durationMinutes: 15, lessons: ['becoming-an-agent', 'onboarding-merchants', 'commission'] },
  { id: 'merchant-services', difficulty: 'advanced', durationMinutes: 20, lessons: ['registering-your-business', 'accepting-payments', 'fees-and-settlements'] },
  { id: 'ai-assistant', difficulty: 'beginner', durationMinutes: 10, lessons: ['asking-questions', 'languages-and-privacy'] },
];

export function lessonExists(moduleId: string, lessonId: string): boolean {
  return LEARNING_MODULES.some((module) => module.id === moduleId && module.lessons.includes(lessonId));
}
