import type { RobotTypeKey } from '@makerdesk/contract';
import type { AnyStrategy } from '../strategy.ts';
import { bookFlashStrategy } from './book-flash.strategy.ts';
import { bulldozerStrategy } from './bulldozer.strategy.ts';
import { pumpOscillatingStrategy, pumpRapidStrategy, pumpRatioStrategy } from './pump.strategy.ts';
import {
  volumeMidStrategy,
  volumeMinHoldStrategy,
  volumeNaturalStrategy,
  volumeRandomStrategy,
  volumeRangeStrategy,
  volumeSineStrategy,
} from './volume.strategy.ts';

/** The simulation-only strategies (DESIGN §8): the engine refuses them on any session that is not the simulator. */
export const simulationStrategies = {
  volume_random: volumeRandomStrategy,
  volume_natural: volumeNaturalStrategy,
  volume_range: volumeRangeStrategy,
  volume_mid: volumeMidStrategy,
  volume_sine: volumeSineStrategy,
  volume_min_hold: volumeMinHoldStrategy,
  book_flash: bookFlashStrategy,
  pump_oscillating: pumpOscillatingStrategy,
  pump_rapid: pumpRapidStrategy,
  pump_ratio: pumpRatioStrategy,
  bulldozer: bulldozerStrategy,
} as const satisfies Partial<Record<RobotTypeKey, AnyStrategy>>;
