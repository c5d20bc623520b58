/**
 * Persistence mapping of tontines, their members, contributions, chat and categories. Rows are
 * plain row classes; the repositories map them to the core's Tontine and Contribution.
 *
 * - A tontine's rotation state (payout order, draw, swaps, payouts, withdrawals) is one JSON
 *   document on its row, written whole under the row lock of the use case that changed it; the
 *   members are rows too, so "groups of a member" is an index look-up.
 * - One contribution per (tontine, member, cycle): UNIQUE, so a rotation is never scheduled twice;
 *   a late fine is a contribution naming the one it fines (`fineOf`, UNIQUE: at most one fine each),
 *   outside that rule (Migration20261128500000).
 */
import { defineEntity, p } from '@mikro-orm/core';
import { User } from '../../core/accounts/user.ts';

export class TontineRow {
  id!: string;
  name!: string;
  description!: string;
  category!: string | null;
  contributionCentimes!: string;
  frequency!: string;
  maxMembers!: number;
  decisionRule!: string;
  creatorId!: string;
  createdAt!: Date;
  status!: string;
  startDate!: string | null;
  currentCycle!: number;
  rotation!: unknown;
  lateFine!: unknown;
}

export class TontineMemberRow {
  tontineId!: string;
  userId!: string;
  joinedAt!: Date;
  joinPosition!: number;
}

export class ContributionRow {
  id!: string;
  tontineId!: string;
  memberId!: string;
  cycle!: number;
  amountCentimes!: string;
  dueDate!: string;
  status!: string;
  paidAt!: Date | null;
  paymentMethod!: string | null;
  paymentReference!: string | null;
  fineOf!: string | null;
  postedAt!: Date | null;
  waiver!: unknown;
}

export class ChatMessageRow {
  id!: string;
  tontineId!: string;
  userId!: string;
  message!: string;
  messageType!: string;
  createdAt!: Date;
}

export class TontineCategoryRow {
  id!: string;
  name!: string;
  description!: string;
  frequency!: string;
  defaultAvgContributionCentimes!: string;
  sortOrder!: number;
}

export const TontineSchema = defineEntity({
  class: TontineRow,
  tableName: 'tontines',
  properties: {
    id: p.uuid().primary(),
    name: p.string().length(100),
    description: p.text(),
    category: p.string().length(40).nullable(),
    contributionCentimes: p.bigint('string'),
    frequency: p.enum(['daily', 'weekly', 'monthly']),
    maxMembers: p.integer(),
    decisionRule: p.enum(['majority', 'unanimity']).default('majority'),
    creatorId: () => p.manyToOne(User).mapToPk().fieldName('creator_id').index('tontines_creator_id_index'),
    createdAt: p.datetime(),
    status: p.enum(['forming', 'active', 'completed', 'cancelled']).index('tontines_status_index'),
    startDate: p.string().columnType('date').nullable(),
    currentCycle: p.integer(),
    rotation: p.json(),
    lateFine: p.json().nullable(),
  },
});

export const TontineMemberSchema = defineEntity({
  class: TontineMemberRow,
  tableName: 'tontine_members',
  properties: {
    tontineId: () => p.manyToOne(TontineRow).mapToPk().fieldName('tontine_id').primary().deleteRule('cascade'),
    userId: () => p.manyToOne(User).mapToPk().fieldName('user_id').primary().index('tontine_members_user_id_index'),
    joinedAt: p.datetime(),
    joinPosition: p.integer(),
  },
});

export const ContributionSchema = defineEntity({
  class: ContributionRow,
  tableName: 'contributions',
  uniques: [
    {
      name: 'contributions_tontine_member_cycle_unique',
      expression: `create unique index "contributions_tontine_member_cycle_unique" on "contributions" ("tontine_id", "member_id", "cycle") where "fine_of" is null`,
    },
  ],
  indexes: [{ name: 'contributions_tontine_cycle_index', properties: ['tontineId', 'cycle'] }],
  properties: {
    id: p.uuid().primary(),
    tontineId: () => p.manyToOne(TontineRow).mapToPk().fieldName('tontine_id').deleteRule('cascade'),
    memberId: () => p.manyToOne(User).mapToPk().fieldName('member_id').index('contributions_member_id_index'),
    cycle: p.integer(),
    amountCentimes: p.bigint('string'),
    dueDate: p.string().columnType('date'),
    status: p.enum(['pending', 'completed', 'waived']),
    paidAt: p.datetime().nullable(),
    paymentMethod: p.enum(['mobile_money', 'card', 'pot_deduction']).nullable(),
    paymentReference: p.string().length(255).nullable(),
    fineOf: () => p.manyToOne(ContributionRow).mapToPk().fieldName('fine_of').nullable().unique('contributions_fine_of_unique').deleteRule('cascade'),
    postedAt: p.datetime().nullable(),
    waiver: p.json().nullable(),
  },
});

export const ChatMessageSchema = defineEntity({
  class: ChatMessageRow,
  tableName: 'chat_messages',
  indexes: [{ name: 'chat_messages_tontine_created_index', properties: ['tontineId', 'createdAt'] }],
  properties: {
    id: p.uuid().primary(),
    tontineId: () => p.manyToOne(TontineRow).mapToPk().fieldName('tontine_id').deleteRule('cascade'),
    userId: () => p.manyToOne(User).mapToPk().fieldName('user_id'),
    message: p.text(),
    messageType: p.enum(['text', 'system', 'payment_notification']),
    createdAt: p.datetime(),
  },
});

export const TontineCategorySchema = defineEntity({
  class: TontineCategoryRow,
  tableName: 'tontine_categories',
  properties: {
    id: p.string().length(40).primary(),
    name: p.string().length(100),
    description: p.text(),
    frequency: p.enum(['daily', 'weekly', 'monthly']),
    defaultAvgContributionCentimes: p.bigint('string'),
    sortOrder: p.integer(),
  },
});
