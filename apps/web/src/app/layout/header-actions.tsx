import { IncidentBell } from '@/features/incidents/components/incident-bell';
import { PairSelector } from '@/features/pairs/components/pair-selector';
import { ApiKeysButton, ImportApiKeyButton } from './api-key-actions';
import { BindPairButton } from './bind-pair-button';
import { LanguageSwitch } from './language-switch';
import { PairEmergencyStop } from './pair-emergency-stop';
import { ThemePicker } from './theme-picker';
import { UserMenu } from './user-menu';

/** The top bar's controls (spec §1), the same in the console's own bar and in ProLayout's header. */
export function headerActions() {
  return [
    <PairSelector key="pair" />,
    <PairEmergencyStop key="estop" />,
    <ImportApiKeyButton key="import" />,
    <ApiKeysButton key="keys" />,
    <BindPairButton key="bind" />,
    <IncidentBell key="incidents" />,
    <ThemePicker key="theme" />,
    <LanguageSwitch key="lang" />,
    <UserMenu key="user" />,
  ];
}
