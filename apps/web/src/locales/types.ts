/** A translation must provide every key of its English namespace, and nothing else. */
export type Messages<T> = { readonly [K in keyof T]: string };
