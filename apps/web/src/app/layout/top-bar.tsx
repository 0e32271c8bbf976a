import { IncidentBell } from '@/features/incidents/components/incident-bell';
import { BrandTitle } from '@/components/brand/brand-title';
import { PairSelector } from '@/features/pairs/components/pair-selector';
import { ApiKeysButton, ImportApiKeyButton } from './api-key-actions';
import { BindPairButton } from './bind-pair-button';
import { LanguageSwitch } from './language-switch';
import { PairEmergencyStop } from './pair-emergency-stop';
import { ThemePicker } from './theme-picker';
import { UserMenu } from './user-menu';

interface TopBarProps {
  fixed: boolean;
  /** The logo and name sit in the side menu's header unless that header is switched off. */
  showBrand: boolean;
}

/**
 * The top bar of the side layout. ProLayout draws no header there on wide screens, so the console
 * draws its own, 48 px high, sticking to the top when the header is fixed. The pair selector leads:
 * every screen works on the selected pair, and importing its API key comes next.
 */
export function TopBar({ fixed, showBrand }: TopBarProps) {
  return (
    <header className={`md-topbar${fixed ? ' md-topbar-fixed' : ''}`}>
      {showBrand && <BrandTitle size={24} />}
      <PairSelector />
      <PairEmergencyStop />
      <IncidentBell />
      <ImportApiKeyButton />
      <div className="md-topbar-actions">
        <ApiKeysButton />
        <BindPairButton />
        <ThemePicker />
        <LanguageSwitch />
        <UserMenu />
      </div>
    </header>
  );
}
