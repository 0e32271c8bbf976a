import {
  API_PREFIX,
  catalogueEntry,
  ErrorCode,
  messageFor,
  REQUEST_TIMEOUT_MS,
  SUCCESS_CODE,
  SYSTEM_NOTICE_CODE,
  TRANSPORT_CODES,
  type Endpoint,
  type EndpointBody,
  type EndpointParams,
  type EndpointQuery,
  type EndpointReply,
  type FieldError,
  type Lang,
} from '@makerdesk/contract';
import { endSession, readToken } from './auth';
import { feedback } from './feedback';
import { currentLang, i18n } from './i18n';
import { firstTimeThisSession } from './session-notices';

/** Raised on window with the server's text when a reply carries data.code 1080028 (spec §8). */
export const SYSTEM_NOTICE_EVENT = 'makerdesk:system-notice';
export interface SystemNoticeDetail {
  message: string;
}

interface CallOptions {
  /** The caller shows the error itself; the session still ends on 401 or suspension. */
  skipErrorHandler?: boolean;
}

interface RequestOptions<T> extends CallOptions {
  method: Endpoint['method'];
  query?: object;
  body?: unknown;
  schema: { parse(value: unknown): T };
}

export type ApiErrorKind = 'response' | 'timeout' | 'network' | 'cancelled' | 'invalid-reply';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly kind: ApiErrorKind,
    /** HTTP status; 0 when no reply arrived. */
    readonly status = 0,
    /** The envelope's code, or for a catalogued failure data.code. */
    readonly code?: number,
    readonly fields?: FieldError[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const SIGN_OUT_CODES: ReadonlySet<number> = new Set([ErrorCode.UNAUTHORIZED, ErrorCode.ACCOUNT_SUSPENDED]);
/**
 * Refusals the caller answers with a confirmation dialog (fat-finger guards) rather than a toast:
 * the dialog says what the toast would, with the figures to decide on.
 */
export const CONFIRMATION_CODES: ReadonlySet<number> = new Set([ErrorCode.PRICE_BEYOND_BAND, ErrorCode.BOT_EXPOSURE_UNFUNDED]);
const ONCE_PER_SESSION_CODES: ReadonlySet<number> = new Set([
  ErrorCode.ACCOUNT_SUSPENDED,
  ErrorCode.PAIR_UNAVAILABLE,
  ErrorCode.PAIR_EXPIRED,
]);

const TIMEOUT = 'makerdesk:timeout';
const SIGNED_OUT = 'makerdesk:signed-out';
const pending = new Set<AbortController>();

/** Cancels every request in flight: their answers belong to a session that has ended. */
export function abortPendingRequests(): void {
  for (const controller of pending) controller.abort(SIGNED_OUT);
  pending.clear();
}

/** '/admin/:id' + {id: 3} → '/admin/3'. */
function fillPath(path: string, params: Record<string, unknown>): string {
  return path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')));
}

function buildUrl(path: string, query: object = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query) as [string, unknown][]) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  return `${API_PREFIX}${path}${qs ? `?${qs}` : ''}`;
}

function headersFor(lang: Lang, hasBody: boolean): Headers {
  const headers = new Headers({ lang, accept: 'application/json' });
  const token = readToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (hasBody) headers.set('content-type', 'application/json');
  return headers;
}

interface ReplyEnvelope {
  code: number;
  data: unknown;
  msg: string;
}

async function readEnvelope(response: Response): Promise<ReplyEnvelope | null> {
  try {
    const body: unknown = await response.json();
    if (body && typeof body === 'object' && typeof (body as ReplyEnvelope).code === 'number') {
      const { code, data, msg } = body as ReplyEnvelope;
      return { code, data, msg: typeof msg === 'string' ? msg : '' };
    }
    return null;
  } catch {
    return null;
  }
}

function dataCodeOf(envelope: ReplyEnvelope): number | undefined {
  const data = envelope.data as { code?: unknown } | null;
  return typeof data?.code === 'number' ? data.code : undefined;
}

/** The code that names a failure: a transport code, else the catalogue code in data.code. */
function failureCode(envelope: ReplyEnvelope): number | undefined {
  return TRANSPORT_CODES.has(envelope.code) ? envelope.code : dataCodeOf(envelope);
}

/**
 * The text a failure shows: the catalogue's text for a known code, except that a catalogue text with
 * placeholders needs the server's rendering of them; otherwise the server's msg.
 */
function failureText(envelope: ReplyEnvelope, status: number, lang: Lang): string {
  const code = failureCode(envelope);
  const entry = code === undefined ? undefined : catalogueEntry(code);
  if (entry) {
    const template = lang === 'zh_CN' ? entry.zh : entry.en;
    const hasPlaceholders = /\{\w+\}/.test(template);
    if (!hasPlaceholders || !envelope.msg) return messageFor(entry.code, lang);
  }
  return envelope.msg || i18n.t('request.failed', { status: String(status) });
}

function showError(text: string): void {
  // Keyed by text, so the same failure from parallel calls shows once.
  void feedback().message.error({ content: text, key: text });
}

function transportFailure(reason: unknown, skipErrorHandler: boolean): ApiError {
  if (reason === SIGNED_OUT) return new ApiError('Request cancelled: the session ended', 'cancelled');
  const error =
    reason === TIMEOUT
      ? new ApiError(i18n.t('request.timeout'), 'timeout')
      : new ApiError(i18n.t('request.network'), 'network');
  if (!skipErrorHandler) showError(error.message);
  return error;
}

function replyFailure(status: number, envelope: ReplyEnvelope | null, lang: Lang, skipErrorHandler: boolean): ApiError {
  const reply = envelope ?? { code: status, data: null, msg: '' };
  const code = failureCode(reply) ?? reply.code;
  if (status === 401 || SIGN_OUT_CODES.has(code)) {
    abortPendingRequests();
    endSession();
  }
  const fields = (reply.data as { fields?: FieldError[] } | null)?.fields;
  const error = new ApiError(failureText(reply, status, lang), 'response', status, code, fields);
  if (skipErrorHandler) return error;
  if (code === SYSTEM_NOTICE_CODE) {
    window.dispatchEvent(new CustomEvent<SystemNoticeDetail>(SYSTEM_NOTICE_EVENT, { detail: { message: reply.msg } }));
  } else if (CONFIRMATION_CODES.has(code)) {
    // The caller asks the user (components/guard-confirm.tsx).
  } else if (!ONCE_PER_SESSION_CODES.has(code) || firstTimeThisSession(code)) {
    showError(error.message);
  }
  return error;
}

async function request<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const { method, query, body, schema, skipErrorHandler = false } = options;
  const lang = currentLang();
  const controller = new AbortController();
  pending.add(controller);
  const timer = setTimeout(() => controller.abort(TIMEOUT), REQUEST_TIMEOUT_MS);
  let response: Response;
  let envelope: ReplyEnvelope | null;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers: headersFor(lang, body !== undefined),
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: controller.signal,
    });
    envelope = await readEnvelope(response);
  } catch {
    throw transportFailure(controller.signal.reason, skipErrorHandler);
  } finally {
    clearTimeout(timer);
    pending.delete(controller);
  }
  if (!response.ok || envelope?.code !== SUCCESS_CODE) throw replyFailure(response.status, envelope, lang, skipErrorHandler);
  try {
    return schema.parse(envelope.data);
  } catch {
    const error = new ApiError(i18n.t('request.invalidResponse'), 'invalid-reply', response.status);
    if (!skipErrorHandler) showError(error.message);
    throw error;
  }
}

type Part<K extends string, T> = [T] extends [never] ? { [P in K]?: never } : { [P in K]: T };

/** What a call sends, each part typed by the contract's schema for it: `{ params, query, body }`. */
type CallInput<E extends Endpoint> = Part<'params', EndpointParams<E>> & Part<'query', EndpointQuery<E>> & Part<'body', EndpointBody<E>>;

type CallArgs<E extends Endpoint> = object extends CallInput<E> ? [input?: CallInput<E>, options?: CallOptions] : [input: CallInput<E>, options?: CallOptions];

/**
 * Calls a /backend endpoint of the contract's map: its path and method, the request typed by the
 * schemas the server validates with, and the reply's data checked against the contract.
 */
export function call<E extends Endpoint>(endpoint: E, ...[input, options]: CallArgs<E>): Promise<EndpointReply<E>> {
  const { params, query, body } = (input ?? {}) as { params?: Record<string, unknown>; query?: object; body?: unknown };
  const path = params ? fillPath(endpoint.path, params) : endpoint.path;
  // The reply schema parses to EndpointReply<E>; TypeScript does not follow zod's output through the generic.
  const schema = endpoint.reply as { parse(value: unknown): EndpointReply<E> };
  return request(path, { ...options, method: endpoint.method, query, body, schema });
}

/** The name in a `content-disposition: attachment; filename="…"` header. */
function attachmentName(header: string | null): string | null {
  return header ? (/filename="([^"]+)"/.exec(header)?.[1] ?? null) : null;
}

/**
 * Calls an endpoint that answers a file (`endpoint.raw`, the CSV export): its text and the name the
 * server gave it. A refusal still comes as the envelope, handled as for `call`.
 */
export async function callFile<E extends Endpoint>(endpoint: E, ...[input, options]: CallArgs<E>): Promise<{ text: string; fileName: string | null }> {
  const { query } = (input ?? {}) as { query?: object };
  const skipErrorHandler = options?.skipErrorHandler ?? false;
  const lang = currentLang();
  const controller = new AbortController();
  pending.add(controller);
  const timer = setTimeout(() => controller.abort(TIMEOUT), REQUEST_TIMEOUT_MS);
  try {
    let response: Response;
    try {
      response = await fetch(buildUrl(endpoint.path, query), { method: endpoint.method, headers: headersFor(lang, false), signal: controller.signal });
    } catch {
      throw transportFailure(controller.signal.reason, skipErrorHandler);
    }
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok || type.startsWith('application/json')) throw replyFailure(response.status, await readEnvelope(response), lang, skipErrorHandler);
    return { text: await response.text(), fileName: attachmentName(response.headers.get('content-disposition')) };
  } finally {
    clearTimeout(timer);
    pending.delete(controller);
  }
}
