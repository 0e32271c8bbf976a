/** Every query of one pair starts with this key: a pair's screens are refetched at once (a key imported, the socket back). */
export const pairQueriesKey = (coinId: number) => ['trading', coinId] as const;

/** The pair's bots (GET /robot/list): the socket pushes their runtime, so the live cache reaches them too. */
export const robotsQueryKey = (coinId: number) => ['robots', coinId, 'list'] as const;
