import { z } from 'zod';

export const orderSourceKinds = ['bot', 'manual', 'other'] as const;
export type OrderSourceKind = (typeof orderSourceKinds)[number];

/**
 * Who placed an order or made a fill (DESK.md, attribution): one of the account's bots, a person in
 * the console ("manual"), or something else using the same key ("other"). `robotId` and `robotName`
 * are set for bots only; `robotName` is null when the bot has since been deleted.
 */
export const orderSource = z.object({
  kind: z.enum(orderSourceKinds),
  robotId: z.number().int().nullable(),
  robotName: z.string().nullable(),
});
export type OrderSource = z.infer<typeof orderSource>;
