import { z } from 'zod';

const id = z.union([z.string(), z.number()]).transform(String);
// Amounts arrive as decimal strings ("12500.00"); older answers may carry numbers.
const amount = z.union([z.string(), z.number()]).transform(String);

/** Tontine member (spec part 1 §3): names, avatars and initials are public; phone and e-mail never sent. */
export const tontineMemberSchema = z.looseObject({
  id,
  name: z.string(),
  avatar: z.string().nullish(),
  initials: z.string().nullish(),
  role: z.string().nullish(),
  isAdmin: z.boolean().nullish(),
});
export type TontineMember = z.infer<typeof tontineMemberSchema>;

export const myNextContributionSchema = z.object({
  id,
  amount,
  dueDate: z.string(),
  status: z.string(),
});
export type MyNextContribution = z.infer<typeof myNextContributionSchema>;

/** Tontine: spec part 1 §3 fields plus what the caller may do (isMember, isAdmin, spotsLeft, myNextContribution). */
export const tontineSchema = z.looseObject({
  id,
  name: z.string(),
  description: z.string().nullish(),
  category: z.string().nullish(),
  contributionAmount: amount,
  frequency: z.string(),
  maxMembers: z.number().int(),
  currentCycle: z.number().int().nullish(),
  status: z.string().nullish(),
  members: z.array(tontineMemberSchema).nullish(),
  nextPayoutDate: z.string().nullish(),
  nextRecipient: z.union([z.string(), z.looseObject({ name: z.string() }).transform((r) => r.name)]).nullish(),
  currentAmount: amount.nullish(),
  targetAmount: amount.nullish(),
  createdAt: z.string().nullish(),
  isMember: z.boolean().nullish(),
  isAdmin: z.boolean().nullish(),
  spotsLeft: z.number().int().nullish(),
  myNextContribution: myNextContributionSchema.nullish(),
});
export type Tontine = z.infer<typeof tontineSchema>;

export const tontineListSchema = z.array(tontineSchema);
