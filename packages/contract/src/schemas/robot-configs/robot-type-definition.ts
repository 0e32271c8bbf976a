import type { z } from 'zod';
import type { PairDefaults } from './config-kit.ts';

export const robotCategories = ['common', 'strategy', 'ai', 'risk_control'] as const;
export type RobotCategory = (typeof robotCategories)[number];

/**
 * What defines a bot type whose key is one of `K`. robot-types.ts gathers every type under
 * RobotTypeDefinition (K: every key); a group defined in a module of its own (risk-control.types.ts)
 * names its own keys, so it needs nothing from the list that gathers it.
 */
export interface TypeDefinition<S extends z.ZodType, K extends string> {
  type: K;
  category: RobotCategory;
  name: string;
  nameZh: string;
  description: string;
  descriptionZh: string;
  /** Deceptive mechanisms run on the simulator only (DESIGN §8). */
  simulationOnly: boolean;
  /** Quoting bots keep resting orders; graceful shutdown cancels them and they re-quote at start. */
  quoting: boolean;
  /** True when the type reads a reference price from another platform/pair (the form's 5 % gap check). */
  follows: boolean;
  config: S;
  defaults(pair: PairDefaults, now: number): z.input<S>;
}
