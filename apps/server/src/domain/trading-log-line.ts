import { renderServerText, VERBATIM_KEY, type Lang, type ServerText } from '@makerdesk/contract';

/** The longest message a verbatim line keeps (a venue's own words can be long). */
export const VERBATIM_MESSAGE_MAX = 2000;

/** How a trading-log row stores its line. */
export interface StoredLine {
  /** The words of a line without a key (a verbatim text, rows before 0016); null when the key says it. */
  message: string | null;
  textKey: string | null;
  textParams: Record<string, string | number> | null;
}

/**
 * A line's columns (issue 21: a row as small as it honestly can be). A server text is its key and
 * params only: the English is rendered from them like every other language, so it is not stored
 * again. Number params are stored as the strings they render as (`String(n)`, what the renderer
 * does): a jsonb string of a few digits takes fewer bytes than a jsonb numeric. A verbatim text
 * (a venue's own words) keeps its words in `message` and no key, as rows before 0016 did.
 */
export function storedLine(line: ServerText): StoredLine {
  if (line.key === VERBATIM_KEY) return { message: String(line.params.text ?? '').slice(0, VERBATIM_MESSAGE_MAX), textKey: null, textParams: null };
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(line.params)) params[name] = String(value);
  return { message: null, textKey: line.key, textParams: params };
}

/** A stored line in the reader's language: from its key when it has one, else its message verbatim. */
export function renderStoredLine(row: StoredLine, lang: Lang): string {
  if (row.textKey !== null) return renderServerText({ key: row.textKey, params: row.textParams ?? {} }, lang);
  return row.message ?? '';
}
