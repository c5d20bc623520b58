/**
 * Embedded PostgreSQL: PGlite (PostgreSQL compiled to WebAssembly) served on a loopback port by
 * pglite-socket, so the app reaches it with the same PostgreSQL driver as a real server.
 *
 * Guarantees
 * - A PGlite data folder is opened by one process only. The process that opens it writes its port
 *   to `<dataDir>/pglite.port`; another process (the CLI beside a running server) connects to that
 *   port instead of opening the folder (`connectOrOpenEmbedded`).
 * - The port file is removed on `stop()`; a stale file (dead port) is ignored.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

export interface EmbeddedPostgres {
  url: string;
  stop(): Promise<void>;
}

export function embeddedUrl(port: number): string {
  return `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
}

/** Opens PGlite (in `dataDir`/pglite, or in memory when dataDir is null) and serves it. */
export async function openEmbeddedPostgres(dataDir: string | null): Promise<EmbeddedPostgres> {
  let db: PGlite;
  if (dataDir === null) {
    db = await PGlite.create();
  } else {
    await mkdir(dataDir, { recursive: true });
    db = await PGlite.create(join(dataDir, 'pglite'));
  }
  // MikroORM keeps a pool; the multiplexer runs one transaction at a time over the single backend.
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 64 });
  await server.start();
  const port = Number(server.getServerConn().split(':').pop());
  const portFile = dataDir === null ? null : join(dataDir, 'pglite.port');
  if (portFile) await writeFile(portFile, String(port));
  return {
    url: embeddedUrl(port),
    async stop() {
      if (portFile) await rm(portFile, { force: true });
      await server.stop();
      await db.close();
    },
  };
}

/** The port of a live embedded server for this data folder, or null. */
export async function liveEmbeddedPort(dataDir: string): Promise<number | null> {
  let port: number;
  try {
    port = Number((await readFile(join(dataDir, 'pglite.port'), 'utf8')).trim());
  } catch {
    return null;
  }
  if (!Number.isInteger(port) || port <= 0) return null;
  const alive = await new Promise<boolean>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
  return alive ? port : null;
}

/** Connects to the running server's embedded database, or opens the folder when none runs. */
export async function connectOrOpenEmbedded(dataDir: string): Promise<EmbeddedPostgres> {
  const port = await liveEmbeddedPort(dataDir);
  if (port !== null) return { url: embeddedUrl(port), stop: async () => {} };
  return openEmbeddedPostgres(dataDir);
}
