import { defineProject } from 'vitest/config';

export default defineProject({
  // ESLint resolves every import it checks: the first run of a file can take seconds on a busy machine.
  test: { name: 'lint', include: ['*.test.ts'], environment: 'node', testTimeout: 60_000 },
});
