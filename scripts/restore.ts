/** `npm run restore -- <file> [--data-dir <empty folder>]`: apps/server/src/backup/cli.ts. */
import { restoreMain, runCli } from '../apps/server/src/backup/cli.ts';

await runCli(restoreMain);
