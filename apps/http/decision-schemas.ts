/**
 * Request and response schemas of group decisions (issue 28): validation at the edge and the
 * source of the OpenAPI document. The shape of each kind's `change` is checked here; whether it
 * fits the group (members, paid turns, the fine) is core's (core/decisions/propose-decision.ts).
 */
import { z } from 'zod';
import { PROPOSAL_KINDS } from '../../core/decisions/proposal.ts';
import { MAX_MEMBERS } from '../../core/tontines/tontine-terms.ts';

const instant = z.string().meta({ example: '2026-03-30T08:00:00.000Z' });
const memberId = z.string().uuid({ error: 'A member is named by their id' });

// A broad bound for the edge; core counts the characters (at most 500) and refuses an empty text.
const text = z
  .string({ error: 'Please say what you propose and why' })
  .max(2000, { error: 'A proposal is at most 500 characters' })
  .meta({ example: 'Dan is travelling in March: let him be paid last', description: 'What and why, 1–500 characters (trimmed)' });

const LateFine = z
  .object({
    kind: z.enum(['fixed', 'percent']),
    value: z
      .string()
      .regex(/^\d{1,9}(\.\d{1,2})?$/, { error: 'A fine is a number of RWF or a percent, with at most two decimals' })
      .meta({ example: '500', description: 'RWF for a fixed fine, a percent of the contribution for a percent fine' }),
    graceDays: z.number().int().min(0).max(60).meta({ description: 'Days after the due date before the fine is posted' }),
  })
  .meta({ id: 'LateFineRule' });

export const ProposalRequest = z
  .discriminatedUnion('kind', [
    z.object({
      kind: z.literal('change_payout_order'),
      text,
      change: z.object({ order: z.array(memberId).max(MAX_MEMBERS).meta({ description: 'Every member once, in the new order; turns already paid stay in place' }) }),
    }),
    z.object({ kind: z.literal('change_fine'), text, change: z.object({ lateFine: LateFine.nullable().meta({ description: 'null: no late fine' }) }) }),
    z.object({ kind: z.literal('waive_fine'), text, change: z.object({ fineId: z.string().uuid({ error: 'A fine is named by its id' }) }) }),
  ])
  .meta({ id: 'ProposalRequest' });

export const VoteRequest = z.object({ vote: z.enum(['yes', 'no'], { error: 'Vote yes or no' }) }).meta({ id: 'VoteRequest' });

const status = z.enum(['open', 'passed', 'rejected', 'void']).meta({
  description: 'open; passed (its change made); rejected (short of the rule when it became certain or at its expiry); void (passed, but the group no longer allowed the change: see voidReason)',
});

const counts = z
  .object({
    yes: z.number().int(),
    no: z.number().int(),
    notVoted: z.number().int(),
    needed: z.number().int().meta({ description: 'Yes votes needed to pass: more than half of ALL members, or every member under unanimity' }),
  })
  .meta({ id: 'ProposalCounts', description: 'Among the group’s members; who voted how is never shown' });

export const ProposalCreatedResponse = z.object({ id: z.string(), status, closesAt: instant }).meta({ id: 'ProposalCreated' });

export const ProposalResponse = z
  .object({
    id: z.string(),
    kind: z.enum(PROPOSAL_KINDS),
    text: z.string(),
    change: z.record(z.string(), z.unknown()).meta({ description: 'As proposed: {order} member ids, {lateFine} or {fineId}' }),
    rule: z.enum(['majority', 'unanimity']),
    status,
    voidReason: z.string().nullable(),
    authorId: z.string(),
    authorName: z.string(),
    createdAt: instant,
    closesAt: instant,
    closedAt: instant.nullable(),
    counts,
    myVote: z.enum(['yes', 'no']).nullable(),
  })
  .meta({ id: 'Proposal' });

export const VoteResponse = z
  .object({ id: z.string(), status, voidReason: z.string().nullable(), closesAt: instant, closedAt: instant.nullable(), counts, myVote: z.enum(['yes', 'no']) })
  .meta({ id: 'VoteResult' });
