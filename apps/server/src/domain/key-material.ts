/** The decrypted key material, for connectors only: never serialised to a client or a log. */
export interface ApiKeyMaterial {
  id: number;
  platformCode: string;
  /** The platform's venue mode: ccxt's sandbox URLs, or every API call at this base. */
  sandbox?: boolean;
  apiBaseUrl?: string | null;
  /** The platform's WebSocket base (its streams), where it has one. */
  wsBaseUrl?: string | null;
  apiKey: string;
  secretKey: string;
  passphrase: string | null;
  hosts: string[];
  /** The account and pair this key was read for (the incident centre names them when the venue refuses it). */
  owner?: { adminId: number; coinId: number };
}
