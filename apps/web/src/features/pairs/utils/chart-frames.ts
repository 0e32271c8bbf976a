/** Embedded chart apps are iframes marked with this attribute; they follow the selected pair. */
export const CHART_FRAME_SELECTOR = 'iframe[data-chart-frame]';

export interface SymbolChangeMessage {
  type: 'symbolChange';
  symbol: string;
}

/** Tells every embedded chart the pair changed (spec §1); does nothing when no chart is on the page. */
export function postSymbolChange(symbol: string, root: ParentNode = document): void {
  const message: SymbolChangeMessage = { type: 'symbolChange', symbol };
  for (const frame of root.querySelectorAll<HTMLIFrameElement>(CHART_FRAME_SELECTOR)) {
    // Addressed to the frame's own origin, so the pair never leaks to a page the frame navigated to.
    const origin = frame.src ? new URL(frame.src, window.location.href).origin : window.location.origin;
    frame.contentWindow?.postMessage(message, origin);
  }
}
