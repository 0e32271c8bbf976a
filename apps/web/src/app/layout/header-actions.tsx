import { IncidentBell } from '@/features/incidents/components/incident-bell';
import { PairSelector } from '@/features/pairs/components/pair-selector';
import { ApiKeysButton, ImportApiKeyButton } from './api-key-actions';
import { BindPairButton } from './bind-pair-button';
import { LanguageSwitch } from './language-switch';
import { PairEmergencyStop } from './pair-emergency-stop';
import { PhoneMenu } from './phone-menu';
import { ThemePicker } from './theme-picker';
import { UserMenu } from './user-menu';

/**
 * The top bar's controls (spec §1), the same in the console's own bar and in ProLayout's header. On a
 * phone the bar keeps what a supervisor needs at once (the pair, the emergency stop, the incidents)
 * and the rest goes to the phone menu's drawer, so nothing sits off-screen.
 */
export function headerActions({ phone = false }: { phone?: boolean } = {}) {
  if (phone) return [<PairSelector key="pair" />, <PairEmergencyStop key="estop" compact />, <IncidentBell key="incidents" />, <PhoneMenu key="menu" />];
  return [
    <PairSelector key="pair" />,
    <PairEmergencyStop key="estop" />,
    <IncidentBell key="incidents" />,
    <ImportApiKeyButton key="import" />,
    <ApiKeysButton key="keys" />,
    <BindPairButton key="bind" />,
    <ThemePicker key="theme" />,
    <LanguageSwitch key="lang" />,
    <UserMenu key="user" />,
  ];
}
