import { endpoints, envelopeSchema, type Endpoint, type Envelope } from '@makerdesk/contract';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyTypeProviderDefault,
  onRequestHookHandler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mainAccountOnly, signedIn } from '../http/auth-guard.ts';
import type { AuthService } from '../services/auth.service.ts';
import type { Services } from '../services/services.ts';

export type TypedApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export type RoutePlugin = (app: TypedApp, services: Services) => void;

export type EndpointName = keyof typeof endpoints;
type EndpointOf<K extends EndpointName> = (typeof endpoints)[K];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract's entries a route serves, when `serveEndpoints` registered it. */
    endpoints?: readonly EndpointName[];
  }
}

/** Who may make a call: anyone (no token), any signed-in account, or the main account only (spec §6). */
type Access = 'no-token' | 'signed-in' | 'main-account';

/** What a route adds to its entry: who may call it, and its place and words in the OpenAPI document. */
interface RouteDoc {
  access: Access;
  tags: string[];
  summary: string;
  /** Answers other than 200 the route gives itself (the readiness probe's 503), each the envelope around this data. */
  otherReplies?: Record<number, z.ZodType>;
}

type Parsed<E, Part extends 'params' | 'query' | 'body'> = E extends { readonly [P in Part]: infer S extends z.ZodType } ? z.output<S> : unknown;

/** The request of a call, as its entry's schemas parse it. */
interface EndpointCall<E> {
  Params: Parsed<E, 'params'>;
  Querystring: Parsed<E, 'query'>;
  Body: Parsed<E, 'body'>;
}

/** The envelope around the entry's reply, or, for a call that answers a file, the reply the handler sent itself. */
type Answer<E extends Endpoint> = [E] extends [{ readonly raw: string }] ? FastifyReply<EndpointCall<E>> : Envelope<z.input<E['reply']>>;

type EndpointHandler<E extends Endpoint> = (request: FastifyRequest<EndpointCall<E>>, reply: FastifyReply<EndpointCall<E>>) => Promise<Answer<E>>;

/** A union schema whose members are bodies of the entries `K` (that they are all of them is checked at registration). */
type BodyUnion<K extends EndpointName> = z.ZodType & { readonly options: readonly BodyOf<EndpointOf<K>>[] };
type BodyOf<E> = E extends { readonly body: infer S extends z.ZodType } ? S : never;

export interface ServeEndpoint {
  /** Serves one entry of the contract's endpoint map. */
  <K extends EndpointName>(endpoint: K, doc: RouteDoc, handler: EndpointHandler<EndpointOf<K>>): void;
  /**
   * Serves several entries on one method and path, told apart by their bodies: the route validates
   * `body`, the contract's union of exactly their bodies, and documents the union of their replies.
   */
  <K extends EndpointName>(endpoints: readonly [K, K, ...K[]], doc: RouteDoc & { body: BodyUnion<K> }, handler: EndpointHandler<EndpointOf<K>>): void;
}

/** The documented reply of a call: the envelope around its data. */
function replies<T extends z.ZodType>(data: T) {
  return { 200: envelopeSchema(data) };
}

function otherReplies(data: Record<number, z.ZodType> | undefined): Record<number, z.ZodType> {
  return Object.fromEntries(Object.entries(data ?? {}).map(([status, schema]) => [status, envelopeSchema(schema)]));
}

/**
 * Registers /backend calls from the contract's endpoint map (`endpoints`): a route names its entry,
 * who may call it, its tags and summary, and its handler; the method, path, parameter, query and body
 * schemas and the documented reply are the entry's, and the handler's request and answer are typed
 * from them, so the console and the server cannot drift apart.
 */
export function serveEndpoints(app: TypedApp, auth: AuthService): ServeEndpoint {
  const authed = signedIn(auth);
  const guards: Record<Access, onRequestHookHandler[]> = {
    'no-token': [],
    'signed-in': [authed],
    'main-account': [authed, mainAccountOnly],
  };
  // The handler is typed from the entry (EndpointCall), not by the type provider from the schemas, which
  // are plain zod types once read from the map.
  const plain = app.withTypeProvider<FastifyTypeProviderDefault>();

  function serve<K extends EndpointName>(names: K | readonly [K, K, ...K[]], doc: RouteDoc & { body?: BodyUnion<K> }, handler: EndpointHandler<EndpointOf<K>>): void {
    const served: readonly EndpointName[] = typeof names === 'string' ? [names] : names;
    const entries: Endpoint[] = served.map((name) => endpoints[name]);
    const [entry] = entries as [Endpoint, ...Endpoint[]];
    const body = doc.body ?? entry.body;
    if (entries.length > 1) checkUnion(served, entries, doc.body);
    const reply = oneOf(entries.map((e) => e.reply));
    const guard = guards[doc.access];
    plain.route<EndpointCall<EndpointOf<K>>>({
      method: entry.method,
      url: entry.path,
      ...(guard.length > 0 ? { onRequest: guard } : {}),
      config: { endpoints: served },
      schema: {
        ...(doc.access === 'no-token' ? { security: [] } : {}),
        tags: doc.tags,
        summary: doc.summary,
        ...(entry.params ? { params: entry.params } : {}),
        ...(entry.query ? { querystring: entry.query } : {}),
        ...(body ? { body } : {}),
        // A call that answers a file documents the file itself, not the envelope.
        response: { ...(entry.raw ? { 200: reply } : replies(reply)), ...otherReplies(doc.otherReplies) },
      },
      handler,
    });
  }
  return serve;
}

/** Entries served together share a method and path, and the route's union has exactly their bodies as members. */
function checkUnion(names: readonly EndpointName[], entries: readonly Endpoint[], union: { readonly options: readonly z.ZodType[] } | undefined): void {
  const [first] = entries as [Endpoint, ...Endpoint[]];
  if (entries.some((e) => e.method !== first.method || e.path !== first.path)) {
    throw new Error(`${names.join(', ')}: entries served by one route must share its method and path`);
  }
  const bodies = entries.map((e) => e.body);
  const members = union?.options ?? [];
  if (members.length !== bodies.length || bodies.some((b) => !members.includes(b as z.ZodType))) {
    throw new Error(`${names.join(', ')}: the route's body must be the union of exactly these entries' bodies`);
  }
}

/** One schema for the replies of the entries a route serves: the one they share, or the union of theirs. */
function oneOf(schemas: readonly z.ZodType[]): z.ZodType {
  const distinct = [...new Set(schemas)];
  return distinct.length === 1 ? (distinct[0] as z.ZodType) : z.union(distinct);
}
