import type { RobotRecord, VenueSession, VenueSessions } from '@makerdesk/engine';
import { ExchangeError } from '@makerdesk/exchange';
import type { ApiKeyMaterial } from '../domain/key-material.ts';

/**
 * The engine's venue sessions: a bot trades with its owner's key for its pair (the key the console's
 * manual calls use), through the gateway, so both share the key's rate budget.
 */
export class GatewayVenueSessions implements VenueSessions {
  constructor(
    private readonly gateway: { session(material: ApiKeyMaterial, options: { budgeted: false }): Promise<VenueSession> },
    private readonly credentials: { materialOf(adminId: number, coinId: number): Promise<ApiKeyMaterial | null> },
  ) {}

  async open(robot: RobotRecord): Promise<VenueSession> {
    const material = await this.credentials.materialOf(robot.adminId, robot.coinId);
    if (!material) throw new ExchangeError('invalid_key', `Bot ${robot.id}: its owner has no API key for ${robot.symbol}`);
    // The engine puts the venue behind the key's rate budget itself (bot-runner).
    return this.gateway.session(material, { budgeted: false });
  }
}
