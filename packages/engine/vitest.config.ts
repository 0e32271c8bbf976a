import { defineProject } from 'vitest/config';

export default defineProject({
  // Engine tests run on a fake clock, but a tick still takes real CPU: beside other projects on a busy 2-core machine they pass 5 s.
  test: { name: 'engine', include: ['src/**/*.test.ts'], environment: 'node', testTimeout: 30_000 },
});
