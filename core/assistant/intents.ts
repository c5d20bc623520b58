/**
 * What a member can ask the assistant: one intent per question it knows how to answer from the
 * member's records or the product's rules, plus two it answers by declining
 * (`others_data`: another person's records; `off_topic`: anything else).
 */
export const INTENTS = [
  'greeting',
  'savings',
  'next_contribution',
  'payouts',
  'credit_score',
  'loan_limit',
  'loan_instalment',
  'recommend_groups',
  'merchant_fees',
  'agent_commission',
  'how_tontines',
  'how_loans',
  'how_reminders',
  'how_verification',
  'how_ussd',
  'others_data',
  'off_topic',
] as const;
export type Intent = (typeof INTENTS)[number];

export const LANGUAGES = ['en', 'fr', 'rw', 'sw'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Phrases per intent, as people write them: the training set or the held-out set of one language. */
export type PhraseSet = Readonly<Record<Intent, readonly string[]>>;
