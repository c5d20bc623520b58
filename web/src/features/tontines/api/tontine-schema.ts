import * as z from 'zod/mini';

const id = z.pipe(z.union([z.string(), z.number()]), z.transform(String));
// Amounts arrive as decimal strings ("12500.00"); older answers may carry numbers.
const amount = z.pipe(z.union([z.string(), z.number()]), z.transform(String));

/** Tontine member (spec part 1 §3): names, avatars and initials are public; phone and e-mail never sent. */
export const tontineMemberSchema = z.looseObject({
  id,
  name: z.string(),
  avatar: z.nullish(z.string()),
  initials: z.nullish(z.string()),
  role: z.nullish(z.string()),
  isAdmin: z.nullish(z.boolean()),
});
export type TontineMember = z.infer<typeof tontineMemberSchema>;

export const myNextContributionSchema = z.object({
  id,
  amount,
  dueDate: z.string(),
  status: z.string(),
});
export type MyNextContribution = z.infer<typeof myNextContributionSchema>;

/** While a group forms: its seats left, who starts it and the first dues if it started today (core/tontines/forming-outlook.ts). */
export const formingSchema = z.object({
  seatsLeft: z.int(),
  startsWhenFull: z.boolean(),
  startedBy: z.string(),
  canStartEarly: z.boolean(),
  membersNeededToStart: z.int(),
  ifStartedToday: z.object({ startDate: z.string(), firstDueDate: z.string(), secondDueDate: z.string() }),
});
export type FormingOutlook = z.infer<typeof formingSchema>;

/** The group's late fine (DOMAIN.md "Fines"): `value` RWF, or `value` % of the contribution, after `graceDays` days. */
export const lateFineSchema = z.object({ kind: z.enum(['fixed', 'percent']), value: z.number(), graceDays: z.int() });
export type LateFine = z.infer<typeof lateFineSchema>;

/** Tontine: spec part 1 §3 fields plus what the caller may do (isMember, isAdmin, spotsLeft, myNextContribution). */
export const tontineSchema = z.looseObject({
  id,
  name: z.string(),
  description: z.nullish(z.string()),
  category: z.nullish(z.string()),
  contributionAmount: amount,
  frequency: z.string(),
  maxMembers: z.int(),
  /** How the group's proposals pass (the Decisions tab). */
  decisionRule: z.nullish(z.string()),
  currentCycle: z.nullish(z.int()),
  status: z.nullish(z.string()),
  members: z.nullish(z.array(tontineMemberSchema)),
  nextPayoutDate: z.nullish(z.string()),
  nextRecipient: z.nullish(z.union([z.string(), z.pipe(z.looseObject({ name: z.string() }), z.transform((r: { name: string }) => r.name))])),
  currentAmount: z.nullish(amount),
  targetAmount: z.nullish(amount),
  createdAt: z.nullish(z.string()),
  isMember: z.nullish(z.boolean()),
  isAdmin: z.nullish(z.boolean()),
  spotsLeft: z.nullish(z.int()),
  myNextContribution: z.nullish(myNextContributionSchema),
  forming: z.nullish(formingSchema),
  lateFine: z.nullish(lateFineSchema),
});
export type Tontine = z.infer<typeof tontineSchema>;

export const tontineListSchema = z.array(tontineSchema);
