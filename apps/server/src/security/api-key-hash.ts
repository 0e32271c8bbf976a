import { createHash } from 'node:crypto';

/**
 * How a venue API key is named where it must be found again without being stored in clear
 * (`sim_api_keys`, `credentials.api_key_hash`): its sha256, hex. Keys are long random strings, so
 * the hash gives nothing away; secrets are never hashed this way, they are sealed.
 */
export function apiKeyHash(apiKey: string): string {
  return createHash('sha256').update(apiKey).digest('hex');
}
