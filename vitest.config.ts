import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/server', 'apps/server/vitest.cluster.config.ts', 'apps/web', 'scripts', 'lint'],
  },
});
