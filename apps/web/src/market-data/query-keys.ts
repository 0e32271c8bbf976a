/** Every query of one pair starts with this key: a pair's screens are refetched at once (a key imported, the socket back). */
export const pairQueriesKey = (coinId: number) => ['trading', coinId] as const;
