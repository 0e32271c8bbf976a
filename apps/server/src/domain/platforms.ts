/** The built-in simulator's platform code; every other platform's code is a ccxt id. */
export const SIM_PLATFORM = 'sim';
