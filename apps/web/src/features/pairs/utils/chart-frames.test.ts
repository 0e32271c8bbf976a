import { describe, expect, it, vi } from 'vitest';
import { postSymbolChange } from './chart-frames';

describe('postSymbolChange', () => {
  it('does nothing when the page has no chart frame', () => {
    expect(() => postSymbolChange('BTC/USDT')).not.toThrow();
  });

  it('posts the symbol to every chart frame at its own origin, and to no other frame', () => {
    document.body.innerHTML = `
      <iframe data-chart-frame src="https://charts.example/tv"></iframe>
      <iframe src="https://other.example/"></iframe>`;
    const [chart, other] = Array.from(document.querySelectorAll('iframe'));
    const chartPost = vi.spyOn(chart!.contentWindow!, 'postMessage').mockImplementation(() => undefined);
    const otherPost = vi.spyOn(other!.contentWindow!, 'postMessage').mockImplementation(() => undefined);

    postSymbolChange('ETH/USDT');

    expect(chartPost).toHaveBeenCalledWith({ type: 'symbolChange', symbol: 'ETH/USDT' }, 'https://charts.example');
    expect(otherPost).not.toHaveBeenCalled();
    document.body.innerHTML = '';
  });
});
