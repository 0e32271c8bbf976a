/** Which slice of a listing to read: services turn the spec's `current`/`pageSize` into one. */
export interface PageWindow {
  limit: number;
  offset: number;
}

/** One slice of a listing and the count of the whole. */
export interface RowPage<T> {
  rows: T[];
  total: number;
}

export function pageWindow(current: number, pageSize: number): PageWindow {
  return { limit: pageSize, offset: (current - 1) * pageSize };
}

/** An ILIKE pattern matching `text` anywhere, with the user's `%`, `_` and `\` taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
