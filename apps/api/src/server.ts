import { createDb } from '@shop/db';
import { seedDemo, seedReferenceData } from '@shop/db/seed';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { ensureFirstAdmin } from './modules/staff/staff.service.ts';

/** Starts the shop: opens and migrates the database, seeds an empty one, serves until told to stop. */
const config = loadConfig();
const database = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
await seedReferenceData(database.db);
if (config.seed === 'demo') await seedDemo(database.db);

const generatedAdmin = await ensureFirstAdmin(database.db, config.admin, 'en-US');

const app = await buildApp(config, database);
app.addHook('onClose', () => database.close());

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down');
    void app.close().then(() => process.exit(0));
  });
}

await app.listen({ port: config.port, host: config.host });
const shown = config.host === '0.0.0.0' ? '127.0.0.1' : config.host;
app.log.info(`Shop ready at http://${shown}:${config.port} (${database.kind})`);
console.log(
  `\n  Shop:      http://${shown}:${config.port}/\n  API docs:  http://${shown}:${config.port}/v1/docs\n`,
);
if (!config.mailUrl) {
  // Said in the log (for operators) and in the banner (for whoever runs the demo): without it, a shopper's
  // activation link or code would seem lost. Only admins can read the mailbox; no anonymous route shows it.
  const mailboxUrl = `http://${shown}:${config.port}/admin/account/mailbox`;
  app.log.warn(
    { mailbox: mailboxUrl },
    'Mail is not delivered: MAIL_URL is not set, mail is kept in the dev mailbox',
  );
  console.log(
    `  Mail:      NOT DELIVERED (MAIL_URL is not set). Activation links, reset links and codes are kept in the\n             mailbox that admins read in the back office: ${mailboxUrl}\n`,
  );
}
if (generatedAdmin) {
  // Printed once, to the terminal only (never to the log): the operator's way into a new shop's back office.
  console.log(
    `  Back office: http://${shown}:${config.port}/admin\n  First admin: ${generatedAdmin.email}  password: ${generatedAdmin.password}\n  (set ADMIN_EMAIL and ADMIN_PASSWORD to choose them; change this password after logging in)\n`,
  );
}
