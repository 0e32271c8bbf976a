import { defineProject } from 'vitest/config';

export default defineProject({
  // The property tests take ~3 s alone; beside every other project on a busy 2-core machine they pass 5 s.
  test: { name: 'exchange', include: ['src/**/*.test.ts'], environment: 'node', testTimeout: 30_000 },
});
