/** The settings drawer's choices (spec §3): each content-area part is shown unless set to false. */
export interface LayoutSettings {
  layout: 'side' | 'top' | 'mix';
  fixedHeader: boolean;
  fixSiderbar: boolean;
  splitMenus: boolean;
  headerRender?: false;
  footerRender?: false;
  menuRender?: false;
  menuHeaderRender?: false;
}

export type ContentPart = 'headerRender' | 'footerRender' | 'menuRender' | 'menuHeaderRender';

export const defaultLayoutSettings: LayoutSettings = {
  layout: 'side',
  fixedHeader: true,
  fixSiderbar: true,
  splitMenus: false,
};

/** Applies one change, keeping combinations the layout can show: split menus exist only in the mix layout. */
export function changeLayoutSettings(settings: LayoutSettings, change: Partial<LayoutSettings>): LayoutSettings {
  const next = { ...settings, ...change };
  if (next.layout !== 'mix') next.splitMenus = false;
  return next;
}

export function showsPart(settings: LayoutSettings, part: ContentPart): boolean {
  return settings[part] !== false;
}

export function withPart(settings: LayoutSettings, part: ContentPart, shown: boolean): LayoutSettings {
  const next = { ...settings };
  if (shown) delete next[part];
  else next[part] = false;
  return next;
}
