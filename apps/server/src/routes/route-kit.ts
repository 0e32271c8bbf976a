import { envelopeSchema } from '@makerdesk/contract';
import type { FastifyInstance, FastifyBaseLogger, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../services/services.ts';

export type TypedApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export type RoutePlugin = (app: TypedApp, services: Services) => void;

/** The documented reply of a call: the envelope around its data. */
export function replies<T extends z.ZodType>(data: T) {
  return { 200: envelopeSchema(data) };
}

export const nothing = z.null();

/** The OpenAPI security of a call that takes no token (the document's default is the bearer token). */
export const noToken: { security: [] } = { security: [] };
