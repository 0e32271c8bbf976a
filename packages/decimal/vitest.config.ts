import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'decimal', include: ['src/**/*.test.ts'], environment: 'node' },
});
