import { catalogueEntry, type FieldError } from '@makerdesk/contract';

/** A refusal the user should read: a catalogue code, its placeholders, and for validation the fields. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: number,
    readonly params: Record<string, string | number> = {},
    readonly fields?: FieldError[],
  ) {
    super(`AppError ${code}`);
    const entry = catalogueEntry(code);
    if (!entry) throw new Error(`Error code ${code} is not in the catalogue`);
    this.status = entry.http;
  }
}

/** Transport-level codes travel in the envelope's `code` itself (spec §8), the rest as `data.code`. */
export const TRANSPORT_CODES: ReadonlySet<number> = new Set([401, 2000401, 3000401, 4000401]);
