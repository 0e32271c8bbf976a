/** In-memory ports, a fake clock, a scripted faulty venue and the simulator harness: for tests and the bench, never for production wiring. */
export * from './fake-clock.ts';
export * from './memory-robot-store.ts';
export * from './memory-order-journal.ts';
export * from './memory-trading-log.ts';
export * from './faulty-exchange.ts';
export * from './sim-harness.ts';
export * from './test-strategies.ts';
export * from './intent-texts.ts';
