/**
 * Security headers of every answer: the console's content security policy, framing rules, no MIME
 * sniffing and no referrer. The console is the built SPA (`index.html` at every console path) and
 * frames one page of its own, the candle chart (`/chart.html`); nothing else frames it.
 */

/** Who may frame a page: nobody, or the console itself (the chart page). */
export type FrameAncestors = 'none' | 'self';

/** The page the console frames; it is the only one with frame-ancestors 'self'. */
export const CHART_PAGE_PATH = '/chart.html';

/**
 * What the built console and the chart need, and nothing more:
 * - scripts only from this origin: Vite emits module files and no inline script, and nothing
 *   evaluates strings (the web app runs zod without its eval-compiled parsers);
 * - styles from this origin and inline: antd and pro-components write their CSS-in-JS into
 *   `<style>` elements as they render (a per-response nonce would need the shell templated per
 *   request and antd's `csp` option). A style runs no script, and injecting one still needs
 *   markup injection, which the console's rendering (React text only, lint-enforced) leaves no
 *   way in for;
 * - images and fonts from this origin or `data:` URIs (icons and the chart's inline SVG);
 * - requests (fetch and the WebSocket, which CSP 3's 'self' matches as ws:/wss: on this host) and
 *   frames (the chart) to this origin only; no plugins, no <base>, forms post here.
 */
export function contentSecurityPolicy(frameAncestors: FrameAncestors): string {
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'"],
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:'],
    ['font-src', "'self'", 'data:'],
    ['connect-src', "'self'"],
    ['frame-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'"],
    ['frame-ancestors', `'${frameAncestors}'`],
  ];
  return directives.map((d) => d.join(' ')).join('; ');
}

/** The headers for a request path (without its query). */
export function securityHeadersFor(path: string): Record<string, string> {
  const frameAncestors: FrameAncestors = path === CHART_PAGE_PATH ? 'self' : 'none';
  return {
    'content-security-policy': contentSecurityPolicy(frameAncestors),
    // The same rule for browsers that predate frame-ancestors.
    'x-frame-options': frameAncestors === 'self' ? 'SAMEORIGIN' : 'DENY',
    'x-content-type-options': 'nosniff',
    // Console addresses carry nothing a third party needs (and tokens are never in them).
    'referrer-policy': 'no-referrer',
    // No page of another origin keeps a handle on a console window it opened (or that opened it).
    'cross-origin-opener-policy': 'same-origin',
  };
}

/** Fastify `onRequest` hook: set early, so error answers and 404s carry them too. */
export async function setSecurityHeaders(request: { url: string }, reply: { headers(values: Record<string, string>): unknown }): Promise<void> {
  reply.headers(securityHeadersFor(request.url.split('?')[0] ?? '/'));
}
