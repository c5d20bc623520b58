/** `npm run admin -- <command>`: the admin CLI against the configured or embedded database. */
import { existsSync } from 'node:fs';
import { ConfigError, loadConfig } from '../apps/config.ts';
import { buildContainer } from '../apps/container.ts';
import { createInfrastructure, createLogger, openDatabase } from '../apps/infrastructure.ts';
import { osUserName } from './operator.ts';
import { buildProgram, runCli } from './program.ts';

if (existsSync('.env')) process.loadEnvFile('.env');

let exitCode: number;
try {
  const config = loadConfig(process.env);
  const program = buildProgram({
    interactive: Boolean(process.stdin.isTTY && process.stdout.isTTY),
    osUser: osUserName(),
    write: (text) => process.stdout.write(text),
    async open() {
      // Quiet by default: the CLI prints tables, not request logs.
      const logger = createLogger({ ...config, logLevel: process.env.LOG_LEVEL ? config.logLevel : 'warn' });
      const database = await openDatabase(config, 'cli');
      const container = buildContainer(await createInfrastructure(config, database.orm, logger));
      return { container, close: () => database.close() };
    },
  });
  exitCode = await runCli(program, process.argv.slice(2));
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  exitCode = 1;
}
process.exit(exitCode);
