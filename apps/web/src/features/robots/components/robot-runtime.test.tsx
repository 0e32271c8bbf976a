import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { TradingProvider } from '@/market-data/components/trading-context';
import { renderWithProviders } from '@/testing/render';
import { NOW, robotDto, robotTypeItems, stubRobotBackend } from '../testing/robot-backend';
import { RobotDetailDrawer } from './robot-detail-drawer';
import { RobotList } from './robot-list';

configure({ asyncUtilTimeout: 8_000 });
beforeEach(() => void i18n.changeLanguage('en_US'));
afterEach(() => vi.unstubAllGlobals());

const inPair = (ui: React.ReactNode) => renderWithProviders(<TradingProvider coinId={1} name="BTC/USDT">{ui}</TradingProvider>);
const depth = robotDto({ id: 3, type: 'depth_near' });
const idle = robotDto({ id: 5, type: 'depth_far', status: 'stopped', runtime: { ...depth.runtime, activity: 'idle', openOrders: 0, quote: { bid: null, ask: null, spreadBps: null }, lastAction: null, lastHour: { orders: 0, cancels: 0, fills: 0, orderToFill: null }, perMinute: { placements: null, cancels: null, windowSec: 600, refreshTolerance: null, budget: null, deferred: null }, errors: { count: 0, last: null } } });

describe('what each bot is doing, and why', { timeout: 60_000 }, () => {
  it('the list shows the quoted bid and ask with the spread in bps, inventory against target, the last action with its reason, the last hour and errors', async () => {
    stubRobotBackend({ robots: [depth, idle] });
    inPair(<RobotList types={robotTypeItems()} onEdit={() => undefined} onDetails={() => undefined} />);
    const row = (await screen.findByText('#3')).closest('tr')!;
    const quote = within(row).getByTestId('robot-quote');
    expect(quote).toHaveTextContent('64,980.00 / 65,020.00 USDT');
    expect(quote).toHaveTextContent('Spread 6.1 bps');
    expect(within(row).getByTestId('robot-inventory')).toHaveTextContent('2.00000 BTC');
    expect(within(row).getByTestId('robot-inventory')).toHaveTextContent('Base share 99.24 % · target 50 %');
    const action = within(row).getByTestId('robot-last-action');
    expect(action).toHaveTextContent('Requoted');
    expect(action).toHaveTextContent('mid moved +0.12 %');
    const flow = within(row).getByTestId('robot-order-flow');
    expect(flow).toHaveTextContent('1191 orders · 1115 cancels · 76 fills');
    expect(flow).toHaveTextContent('Order-to-fill 15.67');
    expect(within(flow).getByTestId('robot-churn')).toHaveTextContent('Per minute: 19.9 placed · 18.6 cancelled');
    expect(within(flow).getByTestId('robot-tolerance')).toHaveTextContent('Refresh tolerance 0.1 % · budget 2.36 placed / min');
    expect(within(flow).getByTestId('robot-deferred')).toHaveTextContent('3 placements deferred in the last minute');
    expect(flow).toHaveTextContent('2 errors');
    const other = screen.getByText('#5').closest('tr')!;
    expect(within(other).getByTestId('robot-quote')).toHaveTextContent('– / – USDT');
    expect(within(other).getByTestId('robot-quote')).toHaveTextContent('No two-sided quote');
    expect(within(other).getByTestId('robot-last-action')).toHaveTextContent('Nothing yet');
    // On a phone the quote and last action show under the bot's name too (the columns are off to the side).
    expect(within(row).getByTestId('robot-quote-compact')).toHaveTextContent('Spread 6.1 bps');
    expect(within(other).getByTestId('robot-order-flow')).toHaveTextContent('Order-to-fill – (no fill)');
    expect(within(other).queryByTestId('robot-churn'), 'no churn figure before the run ticks').toBeNull();
    expect(within(other).queryByTestId('robot-tolerance'), 'no tolerance before the run ticks').toBeNull();
    expect(within(other).queryByTestId('robot-deferred'), 'nothing deferred without a budget').toBeNull();
  });

  it('a bot keeping its pair obligation says how close it runs to it, in both languages', async () => {
    const obligation = { spreadBps: '18', maxSpreadBps: '25', depthWithinPct: '2', bidQuote: '1240.55', askQuote: '980.1', minDepthQuote: '1000', met: false, shortOfFunds: true };
    const keeping = robotDto({ id: 4, type: 'depth_near', runtime: { ...depth.runtime, obligation } });
    stubRobotBackend({ robots: [keeping, idle] });
    inPair(<RobotList types={robotTypeItems()} onEdit={() => undefined} onDetails={() => undefined} />);
    const row = (await screen.findByText('#4')).closest('tr')!;
    const status = within(row).getByTestId('robot-quote-obligation');
    expect(status).toHaveTextContent('Obligation not kept');
    expect(status).toHaveTextContent('Obligation: spread 18/25 bps, depth in 2 %: bid 1,240/1,000 USDT, ask 980/1,000 USDT');
    expect(status).toHaveTextContent('Funds short of the obligation: quoting what it can');
    // A bot without the option shows none.
    expect(within(screen.getByText('#5').closest('tr')!).queryByTestId('robot-quote-obligation')).toBeNull();
    await i18n.changeLanguage('zh_CN');
    await waitFor(() => expect(within(row).getByTestId('robot-quote-obligation')).toHaveTextContent('做市义务：价差 18/25 bps，2 % 内深度：买 1,240/1,000 USDT，卖 980/1,000 USDT'));
    expect(within(row).getByTestId('robot-quote-obligation')).toHaveTextContent('资金不足以满足义务：按现有能力报价');
  });

  it('in Chinese the reason reads in Chinese', async () => {
    await i18n.changeLanguage('zh_CN');
    window.history.replaceState(null, '', '/zh-cn/');
    stubRobotBackend({ robots: [depth] });
    inPair(<RobotList types={robotTypeItems()} onEdit={() => undefined} onDetails={() => undefined} />);
    const action = await screen.findByTestId('robot-last-action');
    expect(action).toHaveTextContent('重新挂单');
    expect(action).toHaveTextContent('中间价变动 +0.12 %');
    expect(screen.getByTestId('robot-quote')).toHaveTextContent('价差 6.1 bps');
    expect(screen.getByTestId('robot-churn')).toHaveTextContent('每分钟：下单 19.9 · 撤单 18.6');
    expect(screen.getByTestId('robot-tolerance')).toHaveTextContent('刷新容差 0.1 % · 预算每分钟下单 2.36');
    expect(screen.getByTestId('robot-deferred')).toHaveTextContent('近一分钟推迟下单 3 笔');
    window.history.replaceState(null, '', '/');
  });

  it("the drawer shows the runtime and lists the bot's recent orders and fills", async () => {
    const recentOrders = [
      { clientOrderId: 'b3-x1', orderNo: '77', tag: 'ask-0', side: 'sell' as const, price: '65020', amount: '0.01', filledAmount: '0.004', state: 'open' as const, createdAt: NOW - 5_000, updatedAt: NOW - 1_000 },
      { clientOrderId: 'b3-x0', orderNo: '76', tag: 'bid-0', side: 'buy' as const, price: '64970', amount: '0.01', filledAmount: '0', state: 'canceled' as const, createdAt: NOW - 9_000, updatedAt: NOW - 5_000 },
    ];
    const recentFills = [{ clientOrderId: 'b3-x1', side: 'sell' as const, price: '65020', amount: '0.004', quoteAmount: '260.08', fee: '0.260080', at: NOW - 1_000 }];
    stubRobotBackend({ handlers: { '/backend/robot/detail/:id': () => ({ ...depth, openOrders: [], recentOrders, recentFills, recentLogs: [] }) } });
    inPair(<RobotDetailDrawer robotId={3} types={robotTypeItems()} onClose={() => undefined} />);
    const drawer = await screen.findByRole('dialog');
    const orders = await within(drawer).findByTestId('robot-recent-orders');
    expect(within(orders).getByText('Recent orders')).toBeInTheDocument();
    const open = within(orders).getByText('65,020.00').closest('tr')!;
    expect(open).toHaveTextContent('Open');
    expect(open).toHaveTextContent('0.00400');
    expect(within(orders).getByText('64,970.00').closest('tr')!).toHaveTextContent('Cancelled');
    const fills = within(drawer).getByTestId('robot-recent-fills');
    expect(within(fills).getByText('0.2600')).toBeInTheDocument();
    expect(within(fills).getAllByText('Fee (USDT)')[0]).toBeInTheDocument();
    expect(within(drawer).getByTestId('robot-drawer-runtime')).toHaveTextContent('Spread 6.1 bps');
  });
});
