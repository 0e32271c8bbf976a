import type { Lang } from '../envelope.ts';
import type { ServerText, ServerTextTemplates } from './server-text.ts';
import { serverTextTemplates } from './templates.ts';

/**
 * Key of a text stored before texts had keys (or a free text, such as a venue's own words): its one
 * parameter `text` is shown as it is, in every language.
 */
export const VERBATIM_KEY = 'verbatim';

export function verbatim(message: string): ServerText {
  return { key: VERBATIM_KEY, params: { text: message } };
}

function fill(template: string, params: Record<string, string | number>, lang: Lang, templates: ServerTextTemplates): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) return '';
    // A parameter may itself name a template (`@reason.key`): reasons and kinds render in the reader's language too.
    if (typeof value === 'string' && value.startsWith('@') && templates[value.slice(1)]) return renderWith(templates, { key: value.slice(1), params }, lang);
    return String(value);
  });
}

function renderWith(templates: ServerTextTemplates, t: ServerText, lang: Lang): string {
  if (t.key === VERBATIM_KEY) return String(t.params.text ?? '');
  const template = templates[t.key];
  if (!template) return String(t.params.text ?? t.key);
  return fill(lang === 'zh_CN' ? template.zh : template.en, t.params, lang, templates);
}

/** The text in the reader's language; an unknown key shows its `text` parameter (or the key), never throws. */
export function renderServerText(t: ServerText, lang: Lang): string {
  return renderWith(serverTextTemplates, t, lang);
}

/**
 * A text as a part of another text: its params beside the others and `name` naming its template
 * (`'@key'`), so the part renders in the reader's language too; a verbatim text goes in as itself.
 */
export function nestText(name: string, t: ServerText): Record<string, string | number> {
  if (t.key === VERBATIM_KEY) return { [name]: String(t.params.text ?? '') };
  return { ...t.params, [name]: `@${t.key}` };
}

/** A duration as people read it in either language: `45 s`, `3 min 20 s`, `2 h 5 min` (a param of a server text). */
export function durationText(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return s % 60 ? `${m} min ${s % 60} s` : `${m} min`;
  const h = Math.floor(m / 60);
  return m % 60 ? `${h} h ${m % 60} min` : `${h} h`;
}
