import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'exchange', include: ['src/**/*.test.ts'], environment: 'node' },
});
