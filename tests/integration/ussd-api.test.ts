/**
 * The USSD channel over HTTP, with real form bodies, against PostgreSQL: registration, PIN,
 * lock-out, paying a contribution end to end through the embedded sandbox (which calls the running
 * server back in MTN's format), repeated and concurrent requests, expired sessions, language, and
 * bad inputs, which are always answered 200 text/plain with a screen of at most 160 characters.
 */
import { RequestContext } from '@mikro-orm/core';
import type { Container } from 'inversify';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amortisationSchedule } from '../../core/loans/amortisation.ts';
import { Money } from '../../core/money/money.ts';
import { kigaliDateOf } from '../../core/shared/calendar.ts';
import { CreateTontine } from '../../core/tontines/create-tontine.ts';
import { JoinTontine } from '../../core/tontines/join-tontine.ts';
import { ProposeDecision } from '../../core/decisions/propose-decision.ts';
import { SandboxTestNumbers } from '../../apps/payments/sandbox-test-numbers.ts';
import { USSD_SESSION_TTL_MS } from '../../apps/ussd/ussd-channel.ts';
import type { UssdSessionStore } from '../../core/accounts/ussd-pins.ts';
import type { MemberSavingsReads } from '../../core/contributions/ports.ts';
import type { UssdSession } from '../../ussd/session.ts';
import { FakeClock } from '../support/fake-clock.ts';
import { startSandboxApp, type SandboxApp } from '../support/sandbox-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { until } from '../support/until.ts';
import { TOKENS } from '../../apps/tokens.ts';
import { Argon2PasswordHasher, PIN_COST } from '../../adapters/crypto/argon2-password-hasher.ts';

let db: TestDatabase;
let app: SandboxApp;
let container: Container;
let handler: SandboxApp['handler'];
const clock = new FakeClock();

beforeAll(async () => {
  db = await createTestDatabase();
  app = await startSandboxApp(db, { clock, mobileMoney: (sandbox) => new SandboxTestNumbers(sandbox) });
  ({ container, handler } = app);
});

afterAll(async () => {
  await app?.close();
  await db?.drop();
});

const SCREEN_LIMIT = 160;

/** One AT callback; every answer must be a 200 text/plain screen that fits. */
async function post(fields: Record<string, string>): Promise<string> {
  const res = await request(handler).post('/ussd/africastalking').type('form').send(fields);
  return screenOf(res);
}

function screenOf(res: request.Response): string {
  expect(res.status).toBe(200);
  expect(res.type).toBe('text/plain');
  expect(res.text).toMatch(/^(CON|END) /);
  expect(res.text.length - 4).toBeLessThanOrEqual(SCREEN_LIMIT);
  expect(res.text).toMatch(/^[\x20-\x7E\n]*$/);
  return res.text;
}

let sessions = 0;
let phones = 0;
/** A fresh MTN number; `ending` picks its last digits (450-454 are the sandbox's outcome numbers). */
const newPhone = (ending = '') => `+25078${String(1_000_000 + ++phones).slice(-(7 - ending.length))}${ending}`;

/** A phone dialling the service: each `type` sends the whole text so far, like AT. */
function dial(phoneNumber: string, sessionId = `ATUid_test_${++sessions}`) {
  const inputs: string[] = [];
  const send = () => post({ sessionId, phoneNumber, text: inputs.join('*'), serviceCode: '*384*123#', networkCode: '63510' });
  return {
    sessionId,
    open: send,
    type(input: string) {
      inputs.push(input);
      return send();
    },
    /** The last request again, as a gateway retry. */
    repeat: send,
    get text() {
      return inputs.join('*');
    },
  };
}

const PIN = '24680';

async function register(phone: string, first = 'Amina', last = 'Uwase'): Promise<string> {
  const call = dial(phone);
  expect(await call.open()).toBe('CON Welcome to Ikimina\n1 Register\n2 Language');
  expect(await call.type('1')).toContain('first name');
  expect(await call.type(first)).toContain('last name');
  expect(await call.type(last)).toContain('Choose a 5-digit PIN');
  expect(await call.type(PIN)).toContain('Enter the PIN again');
  expect(await call.type(PIN)).toMatch(/^END Welcome Amina|^END Welcome/);
  const rows = await sql<{ user_id: string }>('select user_id from ussd_pins where phone_number = ?', [phone]);
  return rows[0]!.user_id;
}

/** A new session, signed in: answers the main menu. */
async function signIn(phone: string) {
  const call = dial(phone);
  expect(await call.open()).toMatch(/^CON Ikimina: hello \w+\. Enter your PIN:$/);
  expect(await call.type(PIN)).toMatch(/^CON Ikimina: \w+\n1 My savings\n2 Pay a contribution/);
  return call;
}

function sql<T>(query: string, params: unknown[] = []): Promise<T[]> {
  return db.orm.em.fork().execute<T[]>(query, params);
}

function inContext<T>(work: () => Promise<T>): Promise<T> {
  return RequestContext.create(db.orm.em, work);
}

/** A weekly two-member group of 5,000 RWF that starts at once (both joined): one contribution due per member per cycle. */
async function groupOf(creatorId: string, otherId: string, name = 'Kimironko Savers'): Promise<string> {
  return inContext(async () => {
    const created = await container.get(CreateTontine).execute({ name, description: 'Market vendors', contributionAmount: '5000', frequency: 'weekly', maxMembers: 2, creatorId });
    if (!created.ok) throw new Error(created.error);
    const joined = await container.get(JoinTontine).execute({ tontineId: created.value.id, userId: otherId });
    if (!joined.ok) throw new Error(joined.error);
    return created.value.id;
  });
}

describe('registration by phone', () => {
  it('opens an account keyed by the phone, with no e-mail, the PIN stored only as an argon2id hash', async () => {
    const phone = newPhone();
    const userId = await register(phone);
    const [user] = await sql<{ email: string | null; phone_number: string; first_name: string; language: string }>('select email, phone_number, first_name, language from users where id = ?', [userId]);
    expect(user).toEqual({ email: null, phone_number: phone, first_name: 'Amina', language: 'en' });
    const [pin] = await sql<{ pin_hash: string }>('select pin_hash from ussd_pins where phone_number = ?', [phone]);
    expect(pin!.pin_hash).toMatch(/^\$argon2id\$/);
    expect(pin!.pin_hash).not.toContain(PIN);
    // The same number cannot register again: it is asked for its PIN.
    expect(await dial(phone).open()).toBe('CON Ikimina: hello Amina. Enter your PIN:');
  });

  it('registers in the language chosen before registering', async () => {
    const phone = newPhone();
    const call = dial(phone);
    await call.open();
    expect(await call.type('2')).toContain('Choose a language');
    expect(await call.type('4')).toContain('Kiswahili');
    await call.type('00');
    await call.type('1');
    await call.type('Baraka');
    await call.type('Mugisha');
    await call.type(PIN);
    expect(await call.type(PIN)).toMatch(/^END /);
    const [user] = await sql<{ language: string }>('select u.language from users u join ussd_pins p on p.user_id = u.id where p.phone_number = ?', [phone]);
    expect(user!.language).toBe('sw');
  });
});

describe('only Rwandan mobile numbers register', () => {
  it('tells a foreign number (+254…, +1…) that it cannot register, in the language chosen, and stores no account', async () => {
    for (const phone of ['+254739495441', '+12025550123']) {
      const call = dial(phone);
      expect(await call.open()).toBe('CON Welcome to Ikimina\n1 Register\n2 Language');
      expect(await call.type('1')).toBe('END Only Rwandan mobile numbers (+250 7...) can register with Ikimina by USSD.');
      // A forger typing on regardless: the session stays ended.
      for (const input of ['Mallory', 'Forger', '24680', '24680']) expect(await call.type(input)).toMatch(/^END Only Rwandan/);
    }
    const inFrench = dial('+254739495442');
    await inFrench.open();
    await inFrench.type('2');
    await inFrench.type('2');
    await inFrench.type('00');
    expect(await inFrench.type('1')).toBe("END Seuls les numeros mobiles rwandais (+250 7...) peuvent s'inscrire a Ikimina par USSD.");
    expect(await sql("select 1 from ussd_pins where phone_number not like '+2507%'")).toEqual([]);
    expect(await sql("select 1 from users where phone_number not like '+2507%'")).toEqual([]);
  });

  it('refuses malformed numbers with the polite END, never an error status, and stores nothing', async () => {
    const polite = 'END Sorry, Ikimina cannot answer right now. Please try again later.';
    // A Rwandan landline is no number the gateway calls from: not read as one (core/identity/phone-number.ts).
    for (const phoneNumber of ['0788\u0000123456', '+250 78x 123 456', '+', '123', `+${'7'.repeat(31)}`, '<script>', '+250252123456']) {
      for (const text of ['', '1', '1*Mallory*Forger*24680*24680']) expect(await post({ sessionId: `ATUid_malformed_${++sessions}`, phoneNumber, text }), phoneNumber).toBe(polite);
    }
    expect(await sql("select 1 from users where first_name = 'Mallory'")).toEqual([]);
  });
});

describe('PIN and slow-down', () => {
  const MINUTE = 60_000;
  /** A session from the phone that types one PIN and answers its screen. */
  const tryPin = async (phone: string, pin: string) => {
    const call = dial(phone);
    const opened = await call.open();
    return opened.startsWith('END ') ? opened : call.type(pin);
  };
  const slowedUntil = (answer: string) => /^END Too many wrong PINs\. USSD access is locked until (\d\d:\d\d)\.$/.exec(answer)?.[1];

  it('slows the phone after 2 wrong PINs with growing waits, across sessions (1, 2, 4, 8, then 15 minutes at most), and says until when', async () => {
    const phone = newPhone();
    await register(phone);
    const first = dial(phone);
    await first.open();
    expect(await first.type('11111')).toContain('Wrong PIN. Tries left: 2.');
    expect(await first.type('22222')).toContain('Wrong PIN. Tries left: 1.');
    // Hanging up and dialling again grants no new tries.
    expect(slowedUntil(await tryPin(phone, '33333'))).toBeDefined();
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      // Refused at once, in a new session, even with the right PIN, and until the wait is over.
      expect(slowedUntil(await dial(phone).open())).toBeDefined();
      let waited = 0;
      while (slowedUntil(await dial(phone).open())) {
        clock.advance(MINUTE);
        waited += 1;
      }
      waits.push(waited);
      expect(slowedUntil(await tryPin(phone, `4444${i}`))).toBeDefined();
    }
    expect(waits).toEqual([1, 2, 4, 8, 15, 15]);
    clock.advance(15 * MINUTE);
    await signIn(phone);
    // The right PIN cleared the count: a typo costs nothing again.
    expect(await tryPin(phone, '11111')).toContain('Wrong PIN. Tries left: 2.');
  });

  it("a stranger's wrong PINs from other sessions do not keep the owner out: the owner's right PIN opens in their own session after the wait", async () => {
    const phone = newPhone();
    await register(phone);
    // A stranger posting for the number: many sessions, many wrong PINs, most of them during a wait.
    for (let i = 0; i < 40; i++) {
      await tryPin(phone, String(10_000 + i * 7));
      clock.advance(20_000);
    }
    const [access] = await sql<{ state: { wrongInARow: number; retryAt: string | null } }>('select state from ussd_access where phone = ?', [phone]);
    // 40 tries over 13 minutes: only those after each wait were checked (2 + 1, 2, 4 minutes …).
    expect(access!.state.wrongInARow).toBeLessThanOrEqual(7);
    // The owner tries at most 15 minutes after the stranger's last try, in their own session.
    const owner = dial(phone);
    let opened = await owner.open();
    for (let waited = 0; opened.startsWith('END ') && waited < 15; waited++) {
      clock.advance(MINUTE);
      opened = await dial(phone).open();
    }
    await signIn(phone);
  });

  it('a try during the wait is refused unchecked: it neither counts nor makes the wait longer', async () => {
    const phone = newPhone();
    await register(phone);
    for (const pin of ['11111', '22222', '33333']) await tryPin(phone, pin);
    const before = await sql<{ state: unknown }>('select state from ussd_access where phone = ?', [phone]);
    for (let i = 0; i < 10; i++) {
      expect(slowedUntil(await tryPin(phone, '55555'))).toBeDefined();
      clock.advance(5_000);
    }
    expect(await sql('select state from ussd_access where phone = ?', [phone])).toEqual(before);
    clock.advance(MINUTE);
    await signIn(phone);
  });

  it('counts wrong PINs typed at the same moment in several sessions: none is lost', async () => {
    const phone = newPhone();
    await register(phone);
    const calls = [dial(phone), dial(phone), dial(phone)];
    await Promise.all(calls.map((call) => call.open()));
    const answers = await Promise.all(calls.map((call, i) => call.type(`1357${i}`)));
    expect(answers.filter((a) => a.startsWith('END Too many wrong PINs'))).toHaveLength(1);
    expect(await dial(phone).open()).toMatch(/^END Too many wrong PINs/);
    clock.advance(MINUTE);
  });

  it('a PIN hashed at the former cost (argon2id 4 MiB) opens the menu and is rehashed at the PIN cost; a wrong one rehashes nothing', async () => {
    const phone = newPhone();
    await register(phone);
    const formerCost = await new Argon2PasswordHasher({ memoryCost: 4_096, timeCost: 1, parallelism: 1 }).hash(PIN);
    await sql('update ussd_pins set pin_hash = ? where phone_number = ?', [formerCost, phone]);
    const wrong = dial(phone);
    await wrong.open();
    expect(await wrong.type('13579')).toContain('Wrong PIN');
    expect((await sql<{ pin_hash: string }>('select pin_hash from ussd_pins where phone_number = ?', [phone]))[0]!.pin_hash).toBe(formerCost);
    await signIn(phone);
    const [row] = await sql<{ pin_hash: string }>('select pin_hash from ussd_pins where phone_number = ?', [phone]);
    expect(row!.pin_hash).toMatch(new RegExp(`^\\$argon2id\\$v=19\\$m=${PIN_COST.memoryCost},t=${PIN_COST.timeCost},p=1\\$`));
    await signIn(phone);
  });

  it("a right PIN with no wrong one before it leaves the phone's PIN access row as it was (held, not rewritten)", async () => {
    const phone = newPhone();
    await register(phone);
    await dial(phone).open();
    const version = async () => (await sql<{ xmin: string }>('select xmin::text from ussd_access where phone = ?', [phone]))[0]!.xmin;
    const before = await version();
    await signIn(phone);
    await signIn(phone);
    expect(await version()).toBe(before);
    // A wrong PIN is written, and the right one after it clears it.
    const call = dial(phone);
    await call.open();
    await call.type('13579');
    const wrongOnce = await version();
    expect(wrongOnce).not.toBe(before);
    expect(await call.type(PIN)).toMatch(/^CON Ikimina: \w+\n1 My savings/);
    expect(await version()).not.toBe(wrongOnce);
    expect((await sql<{ state: { wrongInARow: number } }>('select state from ussd_access where phone = ?', [phone]))[0]!.state.wrongInARow).toBe(0);
  });

  // The PIN step starts from what this server answered at the dial (UssdChannel): what changed
  // since, in another session or on the web, must count as if it had been read afresh.
  it('a PIN changed after this session dialled: the old PIN no longer opens it, the new one does', async () => {
    const phone = newPhone();
    await register(phone);
    const call = dial(phone);
    await call.open();
    const newHash = await new Argon2PasswordHasher(PIN_COST).hash('97531');
    await sql('update ussd_pins set pin_hash = ? where phone_number = ?', [newHash, phone]);
    expect(await call.type(PIN)).toBe('CON Wrong PIN. Tries left: 2.\nIkimina: hello Amina. Enter your PIN:');
    expect(await call.type('97531')).toMatch(/^CON Ikimina: Amina\n1 My savings/);
  });

  it('wrong PINs typed in other sessions after this session dialled lock it too, right PIN or not', async () => {
    const phone = newPhone();
    await register(phone);
    const call = dial(phone);
    await call.open();
    for (const pin of ['11111', '22222', '33333']) await tryPin(phone, pin);
    expect(slowedUntil(await call.type(PIN))).toBeDefined();
    clock.advance(MINUTE);
  });

  it('changes the PIN with the current one; the old PIN no longer opens the menu', async () => {
    const phone = newPhone();
    await register(phone);
    const call = await signIn(phone);
    expect(await call.type('6')).toContain('current PIN');
    await call.type(PIN);
    await call.type('97531');
    expect(await call.type('97531')).toBe('END Your PIN has been changed.');
    const again = dial(phone);
    await again.open();
    expect(await again.type(PIN)).toContain('Wrong PIN');
    expect(await again.type('97531')).toMatch(/^CON Ikimina: Amina\n1 My savings/);
  });
});

describe('voting on a group proposal (core/decisions)', () => {
  it('My savings → 2 lists the open proposal; 1 Yes votes, and with the other member’s yes it passes and the order changes', async () => {
    const phone = newPhone();
    const userId = await register(phone);
    const otherId = await register(newPhone(), 'Jean', 'Habimana');
    const tontineId = await groupOf(userId, otherId, 'Abavandimwe');
    const proposed = await inContext(() =>
      container.get(ProposeDecision).execute({ tontineId, userId: otherId, text: 'Jean first', change: { kind: 'change_payout_order', order: [otherId, userId] } }),
    );
    if (!proposed.ok) throw new Error(proposed.error);
    const call = await signIn(phone);
    expect(await call.type('1')).toContain('\n2 Group votes\n');
    expect(await call.type('2')).toBe('CON Vote on which proposal?\n1 Abavandimwe: new payout order\n0 Back 00 Home');
    expect(await call.type('1')).toBe('CON Abavandimwe: new payout order. Yes 0, no 0; 2 yes needed.\n1 Yes\n2 No\n0 Back 00 Home');
    expect(await call.type('1')).toBe('END Your vote is recorded. You will get the result by SMS.');
    // A gateway retry answers the same END and votes nothing more.
    expect(await call.repeat()).toBe('END Your vote is recorded. You will get the result by SMS.');
    expect(await sql('select member_id, vote from group_proposal_votes where proposal_id = ?', [proposed.value.id])).toEqual([{ member_id: userId, vote: 'yes' }]);
  });
});

describe('paying a contribution', () => {
  it('requests the collection from this phone, the sandbox calls back, and the contribution becomes paid; savings show it', async () => {
    const phone = newPhone();
    const userId = await register(phone);
    const otherId = await register(newPhone(), 'Jean', 'Habimana');
    const tontineId = await groupOf(userId, otherId);
    const call = await signIn(phone);
    expect(await call.type('2')).toBe('CON Pay which contribution?\n1 Kimironko Sav. 5,000 RWF\n0 Back 00 Home');
    expect(await call.type('1')).toMatch(/^CON Pay 5,000 RWF to Kimironko Savers, due \d\d\/\d\d, from this phone\?\n1 Confirm\n0 Back 00 Home$/);
    const requested = await call.type('1');
    expect(requested).toBe('END Request sent. Approve the payment of 5,000 RWF on your phone with your mobile money PIN.');

    const [contribution] = await sql<{ id: string }>('select id from contributions where tontine_id = ? and member_id = ? and cycle = 1', [tontineId, userId]);
    const status = await until(
      async () => (await sql<{ status: string }>('select status from contributions where id = ?', [contribution!.id]))[0]!.status,
      (s) => s === 'completed',
    );
    expect(status).toBe('completed');
    const payments = await sql<{ phone_number: string; status: string; idempotency_key: string }>(
      'select phone_number, status, idempotency_key from payments where contribution_id = ?',
      [contribution!.id],
    );
    expect(payments).toEqual([{ phone_number: phone, status: 'successful', idempotency_key: `${call.sessionId}:3` }]);

    // A gateway retry of the last step answers the same screen and starts nothing.
    expect(await call.repeat()).toBe(requested);
    expect(await sql('select 1 from payments where contribution_id = ?', [contribution!.id])).toHaveLength(1);

    const savings = await signIn(phone);
    expect(await savings.type('1')).toMatch(/^CON Savings: 5,000 RWF\nGroups: 1\nNext due: 5,000 RWF on \d\d\/\d\d\n/);
    // My savings → 1 Group balance: the group's books, read through the same use case as the web's Books tab.
    expect(await savings.type('1')).toBe('CON Balance of which group?\n1 Kimironko Sav.\n0 Back 00 Home');
    expect(await savings.type('1')).toMatch(/^CON Balance Kimironko Sav\.: 5,000 RWF\n\+5,000 contribution Amina \p{Lu}\.\n0 Back 00 Home$/u);
  });

  it("writes the amounts in the account's language's number format: rw 5.000 RWF, fr 5 000 RWF (a plain ASCII space)", async () => {
    const rwPhone = newPhone();
    const frPhone = newPhone();
    const rwId = await register(rwPhone);
    const frId = await register(frPhone, 'Jean', 'Habimana');
    await groupOf(rwId, frId);
    await sql('update users set language = ? where id = ?', ['rw', rwId]);
    await sql('update users set language = ? where id = ?', ['fr', frId]);
    const rw = dial(rwPhone);
    await rw.open();
    await rw.type(PIN);
    expect(await rw.type('2')).toContain('\n1 Kimironko Sav. 5.000 RWF\n');
    expect(await rw.type('1')).toMatch(/^CON \S.* 5\.000 RWF /);
    const fr = dial(frPhone);
    await fr.open();
    await fr.type(PIN);
    const savings = await fr.type('1');
    expect(savings).toContain(' 5 000 RWF ');
    expect(savings).toMatch(/^[\x20-\x7E\n]*$/);
  });

  it("a signed-in session's savings are read afresh at every step: a contribution paid meanwhile in another session shows at once", async () => {
    const phone = newPhone();
    const userId = await register(phone);
    const otherId = await register(newPhone(), 'Jean', 'Habimana');
    const tontineId = await groupOf(userId, otherId, 'Fresh Reads');
    const watching = await signIn(phone);
    expect(await watching.type('1')).toMatch(/^CON Savings: 0 RWF\n/);
    const paying = await signIn(phone);
    await paying.type('2');
    await paying.type('1');
    expect(await paying.type('1')).toMatch(/^END Request sent/);
    await until(
      async () => (await sql<{ status: string }>('select status from contributions where tontine_id = ? and member_id = ? and cycle = 1', [tontineId, userId]))[0]!.status,
      (s) => s === 'completed',
    );
    expect(await watching.type('0')).toMatch(/^CON Ikimina: Amina\n1 My savings/);
    expect(await watching.type('1')).toMatch(/^CON Savings: 5,000 RWF\n/);
  });

  it('starts one payment when two identical requests arrive at once', async () => {
    const phone = newPhone();
    const userId = await register(phone);
    const otherId = await register(newPhone(), 'Jean', 'Habimana');
    const tontineId = await groupOf(userId, otherId, 'Twin Requests');
    const call = await signIn(phone);
    await call.type('2');
    await call.type('1');
    const fields = { sessionId: call.sessionId, phoneNumber: phone, text: `${call.text}*1` };
    const answers = await Promise.all([post(fields), post(fields), post(fields)]);
    expect(new Set(answers)).toEqual(new Set(['END Request sent. Approve the payment of 5,000 RWF on your phone with your mobile money PIN.']));
    const payments = await sql('select p.id from payments p join contributions c on c.id = p.contribution_id where c.tontine_id = ? and c.member_id = ?', [tontineId, userId]);
    expect(payments).toHaveLength(1);
  });

  it('shows a refused collection: a sandbox failure number pays nothing and the contribution stays due', async () => {
    // Rwandan numbers ending 450 stand for MTN's sandbox "failed" number.
    const phone = newPhone('450');
    const userId = await register(phone);
    const otherId = await register(newPhone(), 'Jean', 'Habimana');
    const tontineId = await groupOf(userId, otherId, 'Failing Phone');
    const call = await signIn(phone);
    await call.type('2');
    await call.type('1');
    expect(await call.type('1')).toMatch(/^END Request sent/);
    const [payment] = await until(
      () => sql<{ status: string }>('select p.status from payments p join contributions c on c.id = p.contribution_id where c.tontine_id = ? and c.member_id = ?', [tontineId, userId]),
      (rows) => rows[0]?.status === 'failed',
    );
    expect(payment!.status).toBe('failed');
    expect(await sql('select 1 from contributions where tontine_id = ? and member_id = ? and status = ?', [tontineId, userId, 'completed'])).toHaveLength(0);
    // The member can try again at once, and sees why in the notifications.
    const again = await signIn(phone);
    expect(await again.type('2')).toContain('1 Failing Phone 5,000 RWF');
  });
});

describe('notifications on the menu', () => {
  it("are read in the account's language now, whatever it was when they were written", async () => {
    const phone = newPhone();
    const userId = await register(phone);
    await inContext(() =>
      container.get(TOKENS.Notifier).notify({ userId, type: 'loan_payment', template: 'loan_payment_due', params: { amount: '5,000 RWF', dueDate: '2026-12-05', daysBefore: '3' } }),
    );
    const inEnglish = await signIn(phone);
    expect(await inEnglish.type('4')).toContain('Ikimina: your loan instalment of 5,000 RWF');
    await sql('update users set language = ? where id = ?', ['fr', userId]);
    const inFrench = dial(phone);
    await inFrench.open();
    await inFrench.type(PIN);
    const screen = await inFrench.type('4');
    expect(screen).toContain('Ikimina : votre echeance de pret de 5 000 RWF');
    expect(screen).not.toContain('your loan');
  });
});

describe('a group on the menu', () => {
  it("names the next payout's recipient: one member sees 'you', the other the recipient's first name", async () => {
    const [aminaPhone, jeanPhone] = [newPhone(), newPhone()];
    const amina = await register(aminaPhone);
    const jean = await register(jeanPhone, 'Jean', 'Habimana');
    await groupOf(amina, jean, 'Nyamirambo');
    const aminaSees = await (await signIn(aminaPhone)).type('3');
    const jeanSees = await (await signIn(jeanPhone)).type('3');
    const line = (who: string) => new RegExp(`^CON Next payouts:\\nNyamirambo \\d\\d/\\d\\d [\\d,]+ RWF ${who}\\n`);
    // The payout order decides who is first; the other sees that member's first name.
    if (line('you').test(aminaSees)) expect(jeanSees).toMatch(line('Amina'));
    else {
      expect(jeanSees).toMatch(line('you'));
      expect(aminaSees).toMatch(line('Jean'));
    }
  });
});

describe("the member's savings read with the session", () => {
  it('are those the savings read answers, and come only when asked for a registered caller', async () => {
    const phone = newPhone();
    const userId = await register(phone);
    const otherId = await register(newPhone(), 'Jean', 'Habimana');
    await groupOf(userId, otherId, 'Same Reads');
    const paying = await signIn(phone);
    await paying.type('2');
    await paying.type('1');
    await paying.type('1');
    const store = container.get<UssdSessionStore<UssdSession>>(TOKENS.UssdSessionStore);
    const lock = (phoneNumber: string, withSavings: boolean) => inContext(() => store.lock(`ATUid_reads_${++sessions}`, phoneNumber, clock.now(), USSD_SESSION_TTL_MS, { withSavings }));
    const read = await inContext(() => container.get<MemberSavingsReads>(TOKENS.MemberSavingsReads).savingsOf(userId));
    expect(read.contributions.length).toBeGreaterThan(0);
    expect((await lock(phone, true)).caller?.savings).toEqual(read);
    expect((await lock(phone, false)).caller).not.toHaveProperty('savings');
    expect((await lock(newPhone(), true)).caller).toBeNull();
  });
});

describe('loans', () => {
  it('offers "My loans" only to a member with a loan, with its status and next instalment', async () => {
    const phone = newPhone();
    const userId = await register(phone);
    expect(await (await signIn(phone)).type('7')).toMatch(/^CON Invalid choice\./);
    const principal = Money.ofFrancs(120_000);
    const now = clock.now();
    const schedule = amortisationSchedule({ principal, annualRateBps: 1800, termMonths: 6 }, kigaliDateOf(now));
    await inContext(() =>
      container.get(TOKENS.LoanRepository).save({
        id: crypto.randomUUID(),
        memberId: userId,
        amount: principal,
        termMonths: 6,
        purpose: 'Stock for the shop',
        annualRateBps: 1800,
        creditScore: 700,
        status: 'active',
        appliedAt: now,
        decidedAt: now,
        disbursedAt: now,
        schedule,
        totalPaid: Money.ZERO,
      }),
    );
    const call = await signIn(phone);
    expect(await call.type('00')).toMatch(/\n7 My loans\n8 Pay a merchant$/);
    expect(await call.type('7')).toBe(`CON My loans:\n120,000 RWF active, next ${schedule[0]!.amount.format()} on ${schedule[0]!.dueDate.slice(8, 10)}/${schedule[0]!.dueDate.slice(5, 7)}\n0 Back 00 Home`);
  });
});

describe('sessions', () => {
  it('answers a repeated step with the same screen and an ended session with its END, until the session expires', async () => {
    const phone = newPhone();
    const call = dial(phone);
    await call.open();
    await call.type('1');
    expect(await call.repeat()).toContain('first name');
    await call.type('Grace');
    await call.type('Ingabire');
    await call.type(PIN);
    const done = await call.type(PIN);
    expect(done).toMatch(/^END Welcome Grace/);
    // Any text in an ended session answers its END; one account only.
    expect(await post({ sessionId: call.sessionId, phoneNumber: phone, text: '' })).toBe(done);
    expect(await sql('select 1 from ussd_pins where phone_number = ?', [phone])).toHaveLength(1);
    clock.advance(USSD_SESSION_TTL_MS + 1000);
    // Expired: the same id starts over, for a registered member now.
    expect(await post({ sessionId: call.sessionId, phoneNumber: phone, text: '' })).toBe('CON Ikimina: hello Grace. Enter your PIN:');
  });

  it('never lets another phone continue a session', async () => {
    const phone = newPhone();
    await register(phone);
    const call = await signIn(phone);
    expect(await post({ sessionId: call.sessionId, phoneNumber: newPhone(), text: `${call.text}*1` })).toBe(
      'END Sorry, Ikimina cannot answer right now. Please try again later.',
    );
  });

  it("never lets another phone answer a session's PIN prompt, with the owner's PIN or its own: nothing is saved or counted", async () => {
    const owner = newPhone();
    const stranger = newPhone();
    await register(owner);
    await register(stranger);
    const call = dial(owner);
    await call.open();
    const state = () => sql<{ state: unknown }>('select state from ussd_session where session_id = ? union all select state from ussd_access where phone = ?', [call.sessionId, owner]);
    const before = await state();
    for (const pin of [PIN, '13579']) {
      expect(await post({ sessionId: call.sessionId, phoneNumber: stranger, text: pin })).toBe('END Sorry, Ikimina cannot answer right now. Please try again later.');
    }
    expect(await state()).toEqual(before);
    expect(await call.type(PIN)).toMatch(/^CON Ikimina: Amina\n1 My savings/);
  });

  it('changes the language from the menu: the account and the next session speak it', async () => {
    const phone = newPhone();
    await register(phone);
    const call = await signIn(phone);
    await call.type('5');
    expect(await call.type('2')).toBe('CON La langue est maintenant le francais.\n0 Retour 00 Accueil');
    const [user] = await sql<{ language: string }>('select u.language from users u join ussd_pins p on p.user_id = u.id where p.phone_number = ?', [phone]);
    expect(user!.language).toBe('fr');
    expect(await dial(phone).open()).toBe('CON Ikimina : bonjour Amina. Entrez votre code PIN :');
  });
});

describe('bad input is answered with a screen, never an error status', () => {
  it('answers letters and out-of-range choices with the same menu and a notice', async () => {
    const phone = newPhone();
    await register(phone);
    const call = await signIn(phone);
    expect(await call.type('abc')).toMatch(/^CON Invalid choice\.\nIkimina: Amina\n1 My savings/);
    expect(await call.type('42')).toMatch(/^CON Invalid choice\./);
    expect(await call.type('')).toMatch(/^CON Invalid choice\./);
  });

  it('answers a 10 kB text at once', async () => {
    const phone = newPhone();
    await register(phone);
    const started = performance.now();
    const answer = await post({ sessionId: 'ATUid_long', phoneNumber: phone, text: '1*'.repeat(5_000) });
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(answer).toMatch(/^END /);
  });

  it('answers missing or unreadable fields with the polite END', async () => {
    const polite = 'END Sorry, Ikimina cannot answer right now. Please try again later.';
    expect(await post({ phoneNumber: newPhone(), text: '' })).toBe(polite);
    expect(await post({ sessionId: 'ATUid_x', text: '' })).toBe(polite);
    expect(await post({ sessionId: 'ATUid_x', phoneNumber: 'not a phone', text: '' })).toBe(polite);
    expect(await post({ sessionId: 'bad id with spaces', phoneNumber: newPhone(), text: '' })).toBe(polite);
    expect(screenOf(await request(handler).post('/ussd/africastalking').send({ sessionId: 'ATUid_json', phoneNumber: newPhone(), text: '' }))).toBe(polite);
    expect(screenOf(await request(handler).post('/ussd/africastalking').type('form').send(`sessionId=ATUid_big&phoneNumber=%2B250788000000&text=${'1'.repeat(200_000)}`))).toBe(polite);
    expect(screenOf(await request(handler).post('/ussd/africastalking').type('form').send('sessionId=A&sessionId=B&phoneNumber=%2B250788000000'))).toBe(polite);
  });

  it('takes the end-of-session notification with 200', async () => {
    const res = await request(handler)
      .post('/ussd/africastalking/events')
      .type('form')
      .send({ date: '2026-03-10 10:00:00', sessionId: 'ATUid_done', serviceCode: '*384*123#', networkCode: '63510', phoneNumber: '+250788123456', status: 'Success', cost: 'RWF 0.0', durationInMillis: '10000', hopsCount: '3', input: '24680*1', lastAppResponse: 'END Bye', errorMessage: '' });
    expect(res.status).toBe(200);
    expect((await request(handler).post('/ussd/africastalking/events').send('nonsense')).status).toBe(200);
  });
});
