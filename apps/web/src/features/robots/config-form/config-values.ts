/**
 * The form holds a config as the contract's input shape (decimals as strings, integers as numbers,
 * times as epoch ms). Cleared inputs come back as null or '': they are dropped before a config is
 * checked or sent, so an optional field left empty means "off", as the schemas say.
 */
export function cleanConfig(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => cleanConfig(item) ?? {});
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .map(([key, item]) => [key, cleanConfig(item)] as const)
      .filter(([, item]) => item !== undefined);
    return entries.length === 0 ? undefined : Object.fromEntries(entries);
  }
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string' && value.trim() === '') return undefined;
  return value;
}

/** The config to check and send: the top level is always an object. */
export function configOf(formConfig: unknown): Record<string, unknown> {
  const cleaned = cleanConfig(formConfig);
  return cleaned && typeof cleaned === 'object' && !Array.isArray(cleaned) ? (cleaned as Record<string, unknown>) : {};
}

/** 'legs.0.symbol' → ['legs', 0, 'symbol']: the form's name of the field an issue names. */
export function namePathOf(field: string): (string | number)[] {
  return field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}
