import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { TradingProvider } from '@/market-data/components/trading-context';
import { renderWithProviders } from '@/testing/render';
import { RobotDeployment } from '../components/robot-deployment';

/** The Bot deployment screen of BTC/USDT, without motion: dialogs open and close at once. */
export function renderDeploymentPage() {
  renderWithProviders(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <TradingProvider coinId={1} name="BTC/USDT">
        <RobotDeployment />
      </TradingProvider>
    </ConfigProvider>,
  );
}

/**
 * Found by plain selectors and texts: queries by role and accessible name compute styles for every
 * candidate, which costs seconds per query on a form of 20 antd fields in jsdom.
 */
export const formNamed = (label: string) =>
  waitFor(() => {
    const form = document.querySelector<HTMLElement>(`form[aria-label="${label}"]`);
    if (!form) throw new Error(`no form ${label}`);
    return form;
  });

export const button = (scope: Pick<typeof screen, 'getByText'>, text: string) => scope.getByText(text, { selector: 'button, button *' }).closest('button')!;

/** Opens a category (when named) and a type's form. */
export async function chooseType(name: string, category?: string, formLabel = 'Bot configuration') {
  if (category) fireEvent.click(await screen.findByText(new RegExp(`^${category} \\(`)));
  fireEvent.click(await screen.findByText(name));
  return formNamed(formLabel);
}
