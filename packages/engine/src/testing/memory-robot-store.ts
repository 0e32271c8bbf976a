import type { ServerText } from '@makerdesk/contract';
import type { RobotRecord, RobotStore } from '../ports.ts';

/** Bots in memory, for tests and the bench. `stopReasons` keeps why the engine stopped each (in English), `stopTexts` as the server text people read. */
export class MemoryRobotStore implements RobotStore {
  readonly robots = new Map<number, RobotRecord>();
  readonly stopReasons = new Map<number, string>();
  readonly stopTexts = new Map<number, ServerText>();

  /** The journal's bots with orders not final, for `listStoppedWithLiveOrders` (the harness sets it). */
  liveOrdersOf: ((robotId: number) => Promise<unknown[]>) | null = null;

  constructor(robots: RobotRecord[] = []) {
    for (const robot of robots) this.put(robot);
  }

  async listStoppedWithLiveOrders(): Promise<RobotRecord[]> {
    const stopped = [...this.robots.values()].filter((r) => r.status !== 'running');
    const found: RobotRecord[] = [];
    for (const robot of stopped) if (this.liveOrdersOf && (await this.liveOrdersOf(robot.id)).length > 0) found.push(structuredClone(robot));
    return found;
  }

  put(robot: RobotRecord): void {
    this.robots.set(robot.id, structuredClone(robot));
  }

  async listRunning(): Promise<RobotRecord[]> {
    return [...this.robots.values()].filter((r) => r.status === 'running').map((r) => structuredClone(r));
  }

  async get(id: number): Promise<RobotRecord | null> {
    const robot = this.robots.get(id);
    return robot ? structuredClone(robot) : null;
  }

  async saveState(id: number, state: unknown): Promise<void> {
    const robot = this.robots.get(id);
    if (robot) robot.state = structuredClone(state);
  }

  async markStopped(id: number, reason: string, text?: ServerText): Promise<void> {
    const robot = this.robots.get(id);
    if (!robot) return;
    robot.status = 'stopped';
    this.stopReasons.set(id, reason);
    if (text) this.stopTexts.set(id, text);
  }
}
