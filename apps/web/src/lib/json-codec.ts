/** The part of a zod schema a codec needs; keeps zod itself out of the web app's imports. */
interface Schema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

/** Stored JSON checked against a contract schema, so stale or tampered storage reads as absent. */
export function jsonCodec<T>(schema: Schema<T>) {
  return {
    parse(raw: string): T | undefined {
      try {
        const result = schema.safeParse(JSON.parse(raw));
        return result.success ? result.data : undefined;
      } catch {
        return undefined;
      }
    },
    serialize: (value: T) => JSON.stringify(value),
  };
}
