/**
 * `npm run ussd -- --phone +2507…`: a USSD dialer in the terminal for people building and testing
 * menus. It speaks to the USSD route exactly as Africa's Talking does (form body with sessionId,
 * serviceCode, phoneNumber, networkCode and the `*`-joined text) and shows each screen framed
 * like a phone's display.
 *
 *   --url <base>     a running server (default http://localhost:<PORT>, PORT from the environment
 *                    or .env as the server reads it, else 3000)
 *   --in-process     build the app here, with the container over the configured database
 *                    (migrated first), on a loopback port; the sandbox calls this app back
 *   --secret <s>     the server's AFRICASTALKING_CALLBACK_SECRET (default: that variable, from the
 *                    environment or .env); without one the plain path of the embedded default
 *
 * Type a reply and Enter; Ctrl-D hangs up. After an END, Enter dials again.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { Command } from 'commander';
import { phoneKey } from '../core/accounts/ussd-pins.ts';
import { ussdPath } from '../apps/ussd/paths.ts';

const DISPLAY_WIDTH = 26;
const SERVICE_CODE = '*384*123#';
/** MTN Rwanda (PROVIDERS.md §1a). */
const NETWORK_CODE = '63510';

/** The screen as a phone shows it: a frame, the text wrapped to the display's width. */
function phoneDisplay(answer: string): string {
  const lines = answer.replace(/^(CON|END) /, '').split('\n').flatMap(wrap);
  const border = `+${'-'.repeat(DISPLAY_WIDTH + 2)}+`;
  return [border, ...lines.map((line) => `| ${line.padEnd(DISPLAY_WIDTH)} |`), border].join('\n');
}

function wrap(line: string): string[] {
  const out: string[] = [];
  let current = '';
  for (const word of line.split(' ')) {
    for (let rest = word; ; ) {
      const joined = current ? `${current} ${rest}` : rest;
      if (joined.length <= DISPLAY_WIDTH) {
        current = joined;
        break;
      }
      if (current) {
        out.push(current);
        current = '';
        continue;
      }
      out.push(rest.slice(0, DISPLAY_WIDTH));
      rest = rest.slice(DISPLAY_WIDTH);
      if (!rest) break;
    }
  }
  out.push(current);
  return out;
}

/** The whole app is loaded only here: dialling a running server needs none of it. */
async function startInProcess(): Promise<{ url: string; secret: string | null; close: () => Promise<void> }> {
  const [{ loadConfig }, { buildContainer, TOKENS }, { createInfrastructure, createLogger, openDatabase }, { createApp }] = await Promise.all([
    import('../apps/config.ts'),
    import('../apps/container.ts'),
    import('../apps/infrastructure.ts'),
    import('../apps/server.ts'),
  ]);
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The sandbox calls back the app it belongs to, here, unless a callback URL is configured.
  const config = loadConfig({ MOBILE_MONEY_CALLBACK_URL: `${base}/api/payments/callbacks/mtn`, ...process.env });
  const logger = createLogger({ ...config, logLevel: process.env.LOG_LEVEL ? config.logLevel : 'warn' });
  const database = await openDatabase(config, 'cli');
  const container = buildContainer(await createInfrastructure(config, database.orm, logger));
  await container.get(TOKENS.Migrations).apply();
  server.on('request', createApp(container).callback());
  return {
    url: base,
    secret: config.gatewayCallbacks.secret,
    async close() {
      server.close();
      server.closeAllConnections();
      await database.close();
    },
  };
}

/** Where `npm start` listens: PORT as the server reads it (apps/config.ts), else its default. */
function localServer(): string {
  const port = process.env.PORT?.trim();
  return `http://localhost:${port && /^\d{1,5}$/.test(port) ? port : '3000'}`;
}

async function main(argv: string[]): Promise<number> {
  // The server reads .env too: the simulator then dials its PORT and knows the secret it expects.
  // Variables already set win over .env, as they do for the server.
  if (existsSync('.env')) process.loadEnvFile('.env');
  const options = new Command()
    .name('ussd')
    .requiredOption('--phone <number>', 'the calling phone number, e.g. +250788123456')
    .option('--url <base>', 'the running server (default: http://localhost:<PORT>)', localServer())
    .option('--in-process', 'build the app in this process over the configured database')
    .option('--secret <secret>', "the server's AFRICASTALKING_CALLBACK_SECRET (default: the variable)")
    .parse(argv, { from: 'user' })
    .opts<{ phone: string; url: string; inProcess?: boolean; secret?: string }>();
  const phone = phoneKey(options.phone);
  if (!phone.ok) {
    console.error(`Not a phone number: ${options.phone}`);
    return 2;
  }
  const secret = options.secret ?? (process.env.AFRICASTALKING_CALLBACK_SECRET?.trim() || null);
  const app = options.inProcess ? await startInProcess() : { url: options.url.replace(/\/+$/, ''), secret, close: async () => {} };
  const stepUrl = `${app.url}${ussdPath(app.secret)}`;
  const input = createInterface({ input: process.stdin, terminal: Boolean(process.stdin.isTTY) });
  const lines = input[Symbol.asyncIterator]();
  const ask = async (prompt: string): Promise<string | null> => {
    process.stdout.write(prompt);
    const next = await lines.next();
    const line = next.done ? null : String(next.value);
    // A terminal echoes what is typed; piped replies are echoed here, so a transcript reads the same.
    if (!process.stdin.isTTY) process.stdout.write(`${line ?? ''}\n`);
    return line;
  };
  try {
    console.log(`Dialling ${SERVICE_CODE} from ${phone.value} at ${app.url}${app.secret === null ? '' : ' (with the callback secret)'}`);
    for (;;) {
      const sessionId = `SIM_${randomUUID()}`;
      const inputs: string[] = [];
      for (;;) {
        const body = new URLSearchParams({ sessionId, serviceCode: SERVICE_CODE, phoneNumber: phone.value, networkCode: NETWORK_CODE, text: inputs.join('*') });
        const response = await fetch(stepUrl, { method: 'POST', body, headers: { 'User-Agent': 'ikimina-ussd-simulator' } });
        const answer = await response.text();
        console.log(phoneDisplay(answer));
        if (response.status !== 200 || !/^(CON|END) /.test(answer)) {
          // What Africa's Talking would do with such an answer: end the session.
          // A 404 is the gateway check: the secret is missing or not the server's.
          const hint = response.status === 404 ? '; is AFRICASTALKING_CALLBACK_SECRET (or --secret) the server\'s?' : '';
          console.log(`(the gateway would end the session: HTTP ${response.status}${hint})`);
          break;
        }
        if (answer.startsWith('END ')) break;
        const reply = await ask('> ');
        if (reply === null) return 0;
        inputs.push(reply.trim());
      }
      if ((await ask('(session ended: Enter dials again, Ctrl-D quits) ')) === null) return 0;
    }
  } finally {
    input.close();
    process.stdout.write('\n');
    await app.close();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  // A configuration error is the member's to fix: its message says what; anything else is a bug.
  console.error(error instanceof Error && error.name === 'ConfigError' ? error.message : error);
  process.exitCode = 1;
}
