/** `npm run backup -- <file> [--include-master-key]`: apps/server/src/backup/cli.ts. */
import { backupMain, runCli } from '../apps/server/src/backup/cli.ts';

await runCli(backupMain);
