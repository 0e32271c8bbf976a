import { describe, expect, it } from 'vitest';
import { changeLayoutSettings, defaultLayoutSettings, showsPart, withPart } from './layout-settings';

describe('layout settings', () => {
  it('default to the side layout with fixed header and sider', () => {
    expect(defaultLayoutSettings).toEqual({ layout: 'side', fixedHeader: true, fixSiderbar: true, splitMenus: false });
  });

  it('show a content part while undefined and hide it when false', () => {
    expect(showsPart(defaultLayoutSettings, 'footerRender')).toBe(true);
    const hidden = withPart(defaultLayoutSettings, 'footerRender', false);
    expect(hidden.footerRender).toBe(false);
    expect(showsPart(hidden, 'footerRender')).toBe(false);
    expect('footerRender' in withPart(hidden, 'footerRender', true)).toBe(false);
  });

  it('drop split menus when leaving the mix layout', () => {
    const mix = changeLayoutSettings(defaultLayoutSettings, { layout: 'mix', splitMenus: true });
    expect(mix.splitMenus).toBe(true);
    expect(changeLayoutSettings(mix, { layout: 'top' }).splitMenus).toBe(false);
  });
});
