/**
 * Who runs an admin command, as the audit log records it: `admin:<name>`, the name from the
 * global `--as <name>` or else the operating-system user running the CLI.
 *
 * Guarantees
 * - The name is validated with zod (1–64 letters, digits, `.`, `_`, `@`, `-`, starting with a
 *   letter or digit); a bad one is a usage error (exit 2) before anything changes.
 */
import { userInfo } from 'node:os';
import type { Command } from 'commander';
import { z } from 'zod';
import type { AuditActor } from '../core/audit/ports.ts';

const OperatorName = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$/, { error: '--as must be 1–64 letters, digits, ".", "_", "@" or "-" (who you are, for the audit log)' });

/** The OS user, or '' when the system cannot say (a container without a passwd entry): then --as is needed. */
export function osUserName(): string {
  try {
    return userInfo().username;
  } catch {
    return process.env.USER ?? process.env.LOGNAME ?? '';
  }
}

export function adminActor(command: Command, osUser: string): AuditActor {
  const given = (command.optsWithGlobals() as { as?: string }).as;
  const parsed = OperatorName.safeParse(given ?? osUser);
  if (!parsed.success) {
    const message = given === undefined ? 'the operating system does not name the user running this: pass --as <name>' : parsed.error.issues[0]!.message;
    command.error(`error: ${message}`, { exitCode: 2, code: 'ikimina.usage' });
  }
  return `admin:${parsed.data}`;
}
