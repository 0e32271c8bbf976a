import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/server', 'apps/server/vitest.postgres.config.ts', 'apps/server/vitest.cluster.config.ts', 'apps/web', 'scripts', 'lint'],
    // Gets the PostgreSQL server the server's projects need, once for the whole run.
    globalSetup: ['scripts/postgres.global-setup.ts'],
  },
});
