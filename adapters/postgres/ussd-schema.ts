/**
 * Persistence mapping of the USSD channel: PINs of phone accounts, session state per sessionId and
 * PIN access per phone. Declared so that generated migrations know the tables; the channel reads
 * and writes them with SQL (ussd-pins.ts, ussd-session-store.ts).
 */
import { defineEntity, p } from '@mikro-orm/core';
import { User } from '../../core/accounts/user.ts';

export class UssdPinRow {
  constructor(
    public phoneNumber: string,
    public userId: string,
    public pinHash: string,
    public createdAt: Date,
    public updatedAt: Date,
  ) {}
}

export const UssdPinSchema = defineEntity({
  class: UssdPinRow,
  tableName: 'ussd_pins',
  properties: {
    phoneNumber: p.string().length(32).primary(),
    // Deferred: registration writes the PIN row first (the one that can lose a race), then the account.
    userId: () => p.oneToOne(User).mapToPk().owner().fieldName('user_id').deleteRule('cascade').deferMode('deferred').unique('ussd_pins_user_id_unique'),
    pinHash: p.string().length(255),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});

export class UssdSessionRow {
  constructor(
    public sessionId: string,
    public phone: string,
    public state: unknown,
    public expiresAt: Date,
  ) {}
}

export const UssdSessionSchema = defineEntity({
  class: UssdSessionRow,
  tableName: 'ussd_session',
  properties: {
    sessionId: p.string().length(128).primary(),
    phone: p.string().length(32),
    state: p.json(),
    expiresAt: p.datetime().index('ussd_session_expires_at_index'),
  },
});

export class UssdAccessRow {
  constructor(
    public phone: string,
    public state: unknown,
  ) {}
}

export const UssdAccessSchema = defineEntity({
  class: UssdAccessRow,
  tableName: 'ussd_access',
  properties: {
    phone: p.string().length(32).primary(),
    state: p.json(),
  },
});

export const USSD_ENTITIES = [UssdPinSchema, UssdSessionSchema, UssdAccessSchema];
