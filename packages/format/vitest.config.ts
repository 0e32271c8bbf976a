import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'format', include: ['src/**/*.test.ts'], environment: 'node' },
});
