import { ErrorCode } from '@makerdesk/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../domain/app-error.ts';

const NUL = '\u0000';

interface Visit {
  value: unknown;
  key: string;
  parent: Visit | undefined;
}

function pathOf(visit: Visit, key?: string): string {
  const keys = key === undefined ? [] : [key];
  for (let v: Visit | undefined = visit; v?.parent; v = v.parent) keys.push(v.key);
  return keys.reverse().join('.');
}

/**
 * Where `value` holds a NUL (U+0000) in a string or an object key, as a dotted path like validation
 * errors name fields ('' for `value` itself); undefined when it holds none. Walks iteratively, so a
 * deeply nested body cannot exhaust the stack.
 */
export function findNul(value: unknown): string | undefined {
  const pending: Visit[] = [{ value, key: '', parent: undefined }];
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    const current = visit.value;
    if (typeof current === 'string') {
      if (current.includes(NUL)) return pathOf(visit);
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        if (key.includes(NUL)) return pathOf(visit, key);
        pending.push({ value: child, key, parent: visit });
      }
    }
  }
  return undefined;
}

/**
 * PostgreSQL text cannot hold NUL, so such input would fail deep in a query as a 500. Refused up
 * front instead, for every part of the request, with the invalid-parameter error validation uses.
 */
export async function refuseNulInput(request: FastifyRequest): Promise<void> {
  const parts: [string, unknown][] = [
    ['params', request.params],
    ['querystring', request.query],
    ['body', request.body],
    ['headers', request.headers],
  ];
  for (const [part, value] of parts) {
    const path = findNul(value);
    if (path === undefined) continue;
    const field = path || part;
    throw new AppError(ErrorCode.INVALID_PARAMS, { detail: `${field}: must not contain a NUL character` }, [
      { field, message: 'Must not contain a NUL character' },
    ]);
  }
}
