import { botTexts } from './bots.texts.ts';
import { incidentTexts } from './incident.texts.ts';
import { monitorTexts } from './monitor.texts.ts';
import type { ServerTextTemplates } from './server-text.ts';

/**
 * Every server text template, one file per area. Add an area's file here; keys are `area.name` and
 * must be unique (server-texts.test.ts checks keys, both languages and matching placeholders).
 */
export const serverTextTemplates: ServerTextTemplates = {
  ...botTexts,
  ...incidentTexts,
  ...monitorTexts,
};
