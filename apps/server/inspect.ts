import { openDatabase } from './src/db/client.ts';
import { sql } from 'drizzle-orm';
const db = await openDatabase({ kind: 'pglite', dataDir: process.argv[2]! });
console.log(await db.db.execute(sql`select id, journal_seq, length(snapshot) from sim_state`));
console.log(await db.db.execute(sql`select count(*), min(first_seq), max(last_seq) from sim_journal`));
await db.close();
