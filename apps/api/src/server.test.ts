import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const root = new URL('../../..', import.meta.url).pathname;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/** The environment without the shop's own settings: the server under test gets only what the test gives it. */
function withoutShopSettings(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const rest = { ...env };
  for (const name of [
    'DATABASE_URL',
    'REDIS_URL',
    'MAIL_URL',
    'ADMIN_EMAIL',
    'ADMIN_PASSWORD',
    'TRUST_PROXY',
  ]) {
    delete rest[name];
  }
  return rest;
}

/** Starts `npm start`'s server on a fresh PGlite and returns what it printed once it says it is ready. */
async function startOutput(env: Record<string, string>): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-start-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: {
      ...withoutShopSettings(process.env),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED: 'none',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    const deadline = Date.now() + 150_000;
    while (!output.includes('API docs:')) {
      if (child.exitCode !== null) throw new Error(`the server exited: ${output}`);
      if (Date.now() > deadline) throw new Error(`the server did not start: ${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // The lines after the banner's first block are printed in the same tick; give the pipe a moment.
    await new Promise((resolve) => setTimeout(resolve, 300));
    return output;
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

it('says at start, in the log and the banner, that mail is not delivered and where admins read it', async () => {
  const output = await startOutput({});
  const mailbox =
    /Mail: +NOT DELIVERED \(MAIL_URL is not set\)[\s\S]*?(http:\/\/127\.0\.0\.1:\d+\/admin\/account\/mailbox)/.exec(
      output,
    );
  expect(mailbox, output).not.toBeNull();
  const logLine = output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .find((entry) => String(entry.msg).startsWith('Mail is not delivered'));
  expect(logLine).toMatchObject({ level: 40, mailbox: mailbox![1] });
}, 170_000);
