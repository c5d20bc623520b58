/** The admin CLI run in-process over a test's container, its output captured. */
import type { Container } from 'inversify';
import { buildProgram, runCli } from '../../cli/program.ts';

export async function runAdmin(container: Container, ...argv: string[]): Promise<{ code: number; output: string }> {
  let output = '';
  const program = buildProgram({
    interactive: false,
    // Who the audit log names unless a test passes --as.
    osUser: 'test-operator',
    write: (text) => {
      output += text;
    },
    // The test database stays open: the CLI shares the app's container.
    open: async () => ({ container, close: async () => {} }),
  });
  const code = await runCli(program, argv);
  return { code, output };
}
