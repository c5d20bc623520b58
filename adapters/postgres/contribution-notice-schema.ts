/**
 * Persistence mapping of the notices already sent about a contribution (its three reminders and
 * its overdue notice): one row per (contribution, kind), the primary key making each unique.
 */
import { defineEntity, p } from '@mikro-orm/core';
import { REMINDER_OFFSETS } from '../../core/contributions/contribution-reminders.ts';
import type { ContributionNoticeKind } from '../../core/contributions/ports.ts';

export const CONTRIBUTION_NOTICE_KINDS: readonly ContributionNoticeKind[] = [...REMINDER_OFFSETS.map((r) => r.offset), 'overdue'];

export class ContributionNotice {
  constructor(
    public contributionId: string,
    public kind: ContributionNoticeKind,
    public sentAt: Date,
  ) {}
}

export const ContributionNoticeSchema = defineEntity({
  class: ContributionNotice,
  tableName: 'contribution_notices',
  properties: {
    // Not a foreign key: contributions belong to another module's migrations.
    contributionId: p.string().length(64).primary(),
    kind: p.enum([...CONTRIBUTION_NOTICE_KINDS]).primary(),
    sentAt: p.datetime(),
  },
});
