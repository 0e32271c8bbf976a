/** Venues whose API keys come with a passphrase. */
const PASSPHRASE_VENUES: ReadonlySet<string> = new Set(['okx', 'kucoin', 'bitget']);

export function needsPassphrase(platformCode: string | undefined): boolean {
  return platformCode !== undefined && PASSPHRASE_VENUES.has(platformCode);
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** An IPv4 or IPv6 address, as the server accepts for bound hosts. */
export function isIpAddress(value: string): boolean {
  if (IPV4.test(value)) return true;
  if (!value.includes(':') || /[^0-9a-f:.]/i.test(value)) return false;
  try {
    // The URL parser knows IPv6 (compressed forms, an embedded IPv4 tail) exactly.
    new URL(`http://[${value}]/`);
    return true;
  } catch {
    return false;
  }
}

/** What a bound-IPs field may hold: typed one by one, or pasted comma/space/newline separated. */
export function splitHosts(values: readonly string[]): string[] {
  return [...new Set(values.flatMap((v) => v.split(/[\s,;]+/)).map((v) => v.trim()).filter(Boolean))];
}
