/**
 * `node --import tsx bench/seed-catalog-child.ts <dataDir | postgres://…> <goods>`: the demo shop and `goods`
 * generated goods written into a throw-away database, in a process of its own. shop-server.ts runs it before it
 * opens the database itself, so the shop measured starts on a large catalog as it would after a restart: seeding
 * in the shop's own process would leave PGlite's memory (WebAssembly, which grows and never shrinks) and the
 * seeding's garbage in the shop's RSS.
 */
import { createDb } from '@shop/db';
import { seedDemo, seedReferenceData } from '@shop/db/seed';
import { seedLargeCatalog } from './seed-large-catalog.ts';

const [where = '', goodsArg = '0'] = process.argv.slice(2);
const database = await createDb(
  where.startsWith('postgres') ? { databaseUrl: where, dataDir: '' } : { dataDir: where },
);
try {
  await database.migrate();
  await seedReferenceData(database.db);
  await seedDemo(database.db);
  const seeded = await seedLargeCatalog(database.db, Number(goodsArg));
  console.log(
    `  seeded ${seeded.goods} goods with ${seeded.skus} SKUs on ${database.kind}: inserts ${seeded.insertMs} ms, ` +
      `indexes ${seeded.indexMs} ms, vacuum ${seeded.vacuumMs} ms`,
  );
} finally {
  await database.close();
}
