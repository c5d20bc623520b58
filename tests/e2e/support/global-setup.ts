/**
 * Once per e2e run: build the web client into a temporary folder that every test file's server
 * serves (`inject('webDistDir')`, see server.ts), and remove it afterwards. Not dist/web: that
 * one belongs to `npm start` and to whoever else builds in this tree.
 * Also bundle the server and the admin CLI once (`inject('serverBundle')`, server-bundle.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import { bundleServer } from './server-bundle.ts';

const VITE_CONFIG = fileURLToPath(new URL('../../../web/vite.config.ts', import.meta.url));

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const webDistDir = await mkdtemp(join(tmpdir(), 'ikimina-e2e-web-'));
  // Vite builds for the NODE_ENV it finds, and vitest has set it to `test`: that is React's
  // development build, whose StrictMode runs every effect twice (a visitor's Ask AI on a lesson was
  // never answered in this run, while `npm start`'s production client answered). The browser
  // tests test the client that is served: built as `npm start` builds it.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: VITE_CONFIG, mode: 'production', logLevel: 'warn', build: { outDir: webDistDir, emptyOutDir: true } });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  project.provide('webDistDir', webDistDir);
  let bundle;
  try {
    bundle = await bundleServer();
  } catch (error) {
    await rm(webDistDir, { recursive: true, force: true });
    throw error;
  }
  project.provide('serverBundle', { server: bundle.server, admin: bundle.admin });
  return async () => {
    await rm(webDistDir, { recursive: true, force: true });
    await bundle.remove();
  };
}
