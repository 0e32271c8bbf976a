/** The spec's error groups (§8). */
export type CatalogueGroup =
  | 'transport'
  | 'trading'
  | 'pair'
  | 'account'
  | 'params'
  | 'general'
  | 'trader'
  | 'auth'
  | 'lookup'
  | 'copyTrading'
  | 'wallet'
  | 'system'
  | 'queue'
  | 'notice'
  /** MakerDesk's own: what a check found, said inside a successful answer (never raised). */
  | 'outcome';

export interface CatalogueEntry {
  code: number;
  group: CatalogueGroup;
  /** HTTP status the server answers with when it raises this code. */
  http: number;
  /** Texts may hold `{name}` placeholders filled from the error's params. */
  en: string;
  zh: string;
}
