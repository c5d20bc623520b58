/**
 * Whether an error means that PostgreSQL cannot be reached or cannot take writes right now, as
 * while a primary restarts or fails over: the connection refused, reset or lost, the server
 * shutting down or starting up (57P01–57P03), a connection exception (class 08), too many
 * connections (53300), or a write refused by a node that is (again) a standby (25006). The HTTP
 * edge answers these with 503 and Retry-After instead of a 500; whatever the request's transaction
 * had written was rolled back with it by PostgreSQL.
 */
import { ConnectionException } from '@mikro-orm/core';

const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '25006']);
const UNREACHABLE_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** node-postgres's own words for a connection it lost or could not open in time. */
const LOST_CONNECTION = /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Connection is closed)/;

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    if (current instanceof ConnectionException) return true;
    // pg puts the SQLSTATE (or Node's errno code) in `code`; MikroORM's DriverException keeps it there and in `sqlState`.
    for (const code of [(current as { code?: unknown }).code, (current as { sqlState?: unknown }).sqlState]) {
      if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08') || UNREACHABLE_ERRNOS.has(code))) return true;
    }
    if (LOST_CONNECTION.test(current.message)) return true;
  }
  return false;
}
