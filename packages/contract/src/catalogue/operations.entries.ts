import type { CatalogueEntry } from './types.ts';

/** Running as a service: the readiness probe's refusal, and the start-up refusal of a database a newer version migrated. */
export const operationsEntries: CatalogueEntry[] = [
  {
    code: 1030110,
    group: 'params',
    http: 503,
    en: 'Not ready: {failed}',
    zh: '尚未就绪：{failed}',
  },
  {
    // Said at start-up on the log (never an HTTP answer): the server stops instead of migrating.
    code: 1030111,
    group: 'params',
    http: 500,
    en: 'This database was migrated by a newer MakerDesk: its latest migration is {database}, this build knows migrations up to {build}. Start the newer version on it, or restore a backup taken before the upgrade: MakerDesk does not downgrade a database',
    zh: '此数据库已由更新版本的 MakerDesk 迁移：数据库中最新的迁移为 {database}，本版本只认识到 {build} 为止的迁移。请用更新的版本启动，或恢复升级前的备份：MakerDesk 不会降级数据库',
  },
];
