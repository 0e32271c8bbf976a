import type { distributions } from '@makerdesk/contract';

export type Distribution = (typeof distributions)[number];
