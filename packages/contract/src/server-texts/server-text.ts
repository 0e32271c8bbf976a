import { z } from 'zod';

/**
 * A text the server writes for people (trading-log lines, alert and incident titles and texts, stop
 * reasons, emergency-stop summaries, chat messages), stored as a message key and its parameters so
 * each reader gets it in their own language. Parameters are already formatted values (decimal
 * strings with their units, names, symbols), never floats.
 */
export const serverText = z.object({
  key: z.string().min(1).max(100),
  params: z.record(z.string(), z.union([z.string(), z.number()])).default({}),
});
export type ServerText = z.infer<typeof serverText>;

export interface ServerTextTemplate {
  en: string;
  zh: string;
}

/** A group of templates, keyed `area.name`; `{name}` placeholders are filled from the params. */
export type ServerTextTemplates = Record<string, ServerTextTemplate>;

export function text(key: string, params: Record<string, string | number> = {}): ServerText {
  return { key, params };
}
