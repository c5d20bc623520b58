import { describe, expect, it } from 'vitest';
import { Money } from '../money/money.ts';
import { formatDate } from '../shared/calendar.ts';
import { verifyDraw } from './payout-draw.ts';
import type { Payout } from './tontine.ts';
import { aTontine, JAN_31 } from './tontines.fixtures.ts';

const later = new Date('2026-02-01T08:00:00Z');
const payoutOf = (cycle: number, recipientId: string): Payout => ({
  cycle,
  recipientId,
  pot: Money.ofFrancs(1),
  arrears: Money.ZERO,
  paid: Money.ofFrancs(1),
  carried: Money.ZERO,
  reference: `payout:t-1:${cycle}`,
  paidAt: later,
});

describe('tontine: forming and joining', () => {
  it('the creator is the first member and the admin; the group forms until full', () => {
    const tontine = aTontine().withMembers(1).withMaxMembers(3).build();
    expect(tontine.status).toBe('forming');
    expect(tontine.members.map((m) => m.userId)).toEqual(['alice']);
    expect(tontine.isAdmin('alice')).toBe(true);
    expect(tontine.currentCycle).toBe(0);
    expect(tontine.cycleCount).toBe(0);
    expect(tontine.nextPayoutDate).toBeNull();
  });

  it('the member who fills the group starts the rotation automatically', () => {
    const tontine = aTontine().withMembers(2).withMaxMembers(3).build();
    expect(tontine.join('carol', later)).toEqual({ ok: true, value: { started: true } });
    expect(tontine.status).toBe('active');
    expect(formatDate(tontine.startDate!)).toBe('2026-02-01');
    expect(tontine.currentCycle).toBe(1);
    expect(tontine.cycleCount).toBe(3);
  });

  it('refuses a member twice (already_a_member), a full group (tontine_is_full), a group no longer forming (tontine_not_forming)', () => {
    const forming = aTontine().withMembers(2).withMaxMembers(4).build();
    expect(forming.join('bob', later)).toEqual({ ok: false, error: 'already_a_member' });
    const full = aTontine().withMembers(3).build();
    expect(full.join('zed', later)).toEqual({ ok: false, error: 'tontine_is_full' });
    const startedEarly = aTontine().withMembers(2).withMaxMembers(4).startedEarly().build();
    expect(startedEarly.join('zed', later)).toEqual({ ok: false, error: 'tontine_not_forming' });
    const cancelled = aTontine().withMembers(2).withMaxMembers(4).build();
    cancelled.cancel('alice');
    expect(cancelled.join('zed', later)).toEqual({ ok: false, error: 'tontine_not_forming' });
  });

  it('only the admin starts early, with at least 2 members, and only while forming', () => {
    const alone = aTontine().withMembers(1).withMaxMembers(4).build();
    expect(alone.start('alice', later)).toEqual({ ok: false, error: 'not_enough_members' });
    const two = aTontine().withMembers(2).withMaxMembers(4).build();
    expect(two.start('bob', later)).toEqual({ ok: false, error: 'only_admin_can_start' });
    expect(two.start('alice', later)).toEqual({ ok: true, value: undefined });
    expect(two.cycleCount).toBe(2);
    expect(two.start('alice', later)).toEqual({ ok: false, error: 'tontine_not_forming' });
  });

  it('is cancelled from forming only, by the admin', () => {
    const forming = aTontine().withMembers(2).withMaxMembers(4).build();
    expect(forming.cancel('bob')).toEqual({ ok: false, error: 'only_admin_can_cancel' });
    expect(forming.cancel('alice')).toEqual({ ok: true, value: undefined });
    expect(forming.status).toBe('cancelled');
    expect(forming.cycleCount).toBe(0);
    expect(aTontine().withMembers(3).build().cancel('alice')).toEqual({ ok: false, error: 'tontine_not_forming' });
  });

  it('personal savings (maxMembers = 1) are active at once, with no rotation and no payout ahead', () => {
    const savings = aTontine().withMembers(1).build();
    expect(savings.isPersonalSavings).toBe(true);
    expect(savings.status).toBe('active');
    expect(savings.nextRecipient).toBeNull();
    expect(savings.drawPayoutOrder('alice', 'seed', later)).toEqual({ ok: false, error: 'personal_savings_has_no_rotation' });
    savings.advanceSavingsCycle();
    expect(savings.currentCycle).toBe(2);
    expect(() => savings.recordPayout(payoutOf(2, 'alice'))).toThrow();
  });
});

describe('tontine: rotation', () => {
  it('pays in join order, creator first: nextRecipient and nextPayoutDate follow the cycle', () => {
    const tontine = aTontine().withMembers(3).build();
    expect(tontine.payoutOrder).toEqual(['alice', 'bob', 'carol']);
    expect(tontine.pot).toEqual(Money.ofFrancs(15000));
    expect([tontine.nextRecipient, formatDate(tontine.nextPayoutDate!)]).toEqual(['alice', '2026-01-31']);
    tontine.recordPayout(payoutOf(1, 'alice'));
    expect([tontine.nextRecipient, formatDate(tontine.nextPayoutDate!)]).toEqual(['bob', '2026-02-28']);
    tontine.recordPayout(payoutOf(2, 'bob'));
    expect(formatDate(tontine.nextPayoutDate!)).toBe('2026-03-31');
    tontine.recordPayout(payoutOf(3, 'carol'));
    expect(tontine.status).toBe('completed');
    expect(tontine.nextRecipient).toBeNull();
    expect(tontine.currentCycle).toBe(3);
  });

  it('a member receives the pot exactly once: a payout out of turn or to the wrong member is a bug', () => {
    const tontine = aTontine().withMembers(3).build();
    expect(() => tontine.recordPayout(payoutOf(2, 'bob'))).toThrow();
    expect(() => tontine.recordPayout(payoutOf(1, 'bob'))).toThrow();
    expect(() => aTontine().withMembers(3).withMaxMembers(4).build().recordPayout(payoutOf(1, 'alice'))).toThrow();
    expect(() => tontine.recipientOf(4)).toThrow();
  });

  it('the admin draws a fair payout order once, before the first payout, and anyone can re-check it', () => {
    const tontine = aTontine().withMembers(5).build();
    expect(tontine.drawPayoutOrder('bob', 'seed', later)).toEqual({ ok: false, error: 'only_admin_can_draw' });
    const drawn = tontine.drawPayoutOrder('alice', 't-1:seed', later);
    expect(drawn.ok).toBe(true);
    expect(tontine.payoutOrder).toEqual(drawn.ok ? drawn.value.order : []);
    expect(verifyDraw(tontine.draw!)).toBe(true);
    expect(tontine.draw!.joinOrder).toEqual(['alice', 'bob', 'carol', 'dan', 'eve']);
    expect(tontine.drawPayoutOrder('alice', 'another', later)).toEqual({ ok: false, error: 'payout_order_already_drawn' });
  });

  it('no draw while forming, nor after the first payout', () => {
    expect(aTontine().withMembers(2).withMaxMembers(3).build().drawPayoutOrder('alice', 's', later)).toEqual({ ok: false, error: 'tontine_not_active' });
    const tontine = aTontine().withMembers(3).build();
    tontine.recordPayout(payoutOf(1, 'alice'));
    expect(tontine.drawPayoutOrder('alice', 's', later)).toEqual({ ok: false, error: 'payout_order_locked' });
  });
});

describe('tontine: turn swaps', () => {
  it('two members trade turns when the other one accepts', () => {
    const tontine = aTontine().withMembers(4).build();
    const proposed = tontine.proposeTurnSwap('s-1', 'bob', 'dan', later);
    expect(proposed.ok && proposed.value.status).toBe('proposed');
    expect(tontine.payoutOrder).toEqual(['alice', 'bob', 'carol', 'dan']);
    expect(tontine.acceptTurnSwap('s-1', 'bob')).toEqual({ ok: false, error: 'only_counterparty_can_accept' });
    expect(tontine.acceptTurnSwap('s-1', 'dan').ok).toBe(true);
    expect(tontine.payoutOrder).toEqual(['alice', 'dan', 'carol', 'bob']);
    expect(tontine.acceptTurnSwap('s-1', 'dan')).toEqual({ ok: false, error: 'swap_proposal_not_found' });
  });

  it('refuses swaps of a paid turn, with oneself, with a non-member, twice, or outside an active rotation', () => {
    const tontine = aTontine().withMembers(4).build();
    tontine.recordPayout(payoutOf(1, 'alice'));
    expect(tontine.proposeTurnSwap('s-1', 'alice', 'bob', later)).toEqual({ ok: false, error: 'turn_already_paid' });
    expect(tontine.proposeTurnSwap('s-1', 'bob', 'alice', later)).toEqual({ ok: false, error: 'turn_already_paid' });
    expect(tontine.proposeTurnSwap('s-1', 'bob', 'bob', later)).toEqual({ ok: false, error: 'cannot_swap_with_self' });
    expect(tontine.proposeTurnSwap('s-1', 'bob', 'zed', later)).toEqual({ ok: false, error: 'not_a_member' });
    expect(tontine.proposeTurnSwap('s-1', 'bob', 'carol', later).ok).toBe(true);
    expect(tontine.proposeTurnSwap('s-2', 'carol', 'bob', later)).toEqual({ ok: false, error: 'swap_already_proposed' });
    const forming = aTontine().withMembers(2).withMaxMembers(3).build();
    expect(forming.proposeTurnSwap('s-1', 'alice', 'bob', later)).toEqual({ ok: false, error: 'tontine_not_active' });
    expect(forming.acceptTurnSwap('s-1', 'bob')).toEqual({ ok: false, error: 'tontine_not_active' });
  });

  it('refuses to accept when the turn was paid out since the proposal (the current turn once paid)', () => {
    const tontine = aTontine().withMembers(3).build();
    tontine.proposeTurnSwap('s-1', 'alice', 'carol', later);
    tontine.recordPayout(payoutOf(1, 'alice'));
    expect(tontine.acceptTurnSwap('s-1', 'carol')).toEqual({ ok: false, error: 'turn_already_paid' });
    expect(tontine.payoutOrder).toEqual(['alice', 'bob', 'carol']);
  });

  it('an accepted swap voids other open proposals touching the two turns; a draw voids them all', () => {
    const tontine = aTontine().withMembers(4).build();
    tontine.proposeTurnSwap('s-1', 'bob', 'dan', later);
    tontine.proposeTurnSwap('s-2', 'carol', 'dan', later);
    tontine.proposeTurnSwap('s-3', 'alice', 'carol', later);
    tontine.acceptTurnSwap('s-1', 'dan');
    expect(tontine.swaps.map((s) => s.status)).toEqual(['accepted', 'void', 'proposed']);
    tontine.drawPayoutOrder('alice', 'seed', JAN_31);
    expect(tontine.swaps.map((s) => s.status)).toEqual(['accepted', 'void', 'void']);
  });
});
