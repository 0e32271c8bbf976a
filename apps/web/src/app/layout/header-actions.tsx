import { PairSelector } from '@/features/pairs/components/pair-selector';
import { LanguageSwitch } from './language-switch';
import { ThemePicker } from './theme-picker';
import { UserMenu } from './user-menu';

/** The top bar's controls (spec §1), the same in the console's own bar and in ProLayout's header. */
export function headerActions() {
  return [<PairSelector key="pair" />, <ThemePicker key="theme" />, <LanguageSwitch key="lang" />, <UserMenu key="user" />];
}
