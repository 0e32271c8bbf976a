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
