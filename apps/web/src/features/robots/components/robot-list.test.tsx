import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { TradingProvider } from '@/market-data/components/trading-context';
import { jsonResponse } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';
import { bodiesTo, NOW, robotDto, robotTypeItems, stubRobotBackend } from '../testing/robot-backend';
import { RobotDetailDrawer } from './robot-detail-drawer';
import { RobotList } from './robot-list';
import { RunningBotsCard } from './running-bots-card';
import { TradingLogTable } from './trading-log-table';

configure({ asyncUtilTimeout: 8_000 });
beforeEach(() => void i18n.changeLanguage('en_US'));
afterEach(() => vi.unstubAllGlobals());

const inPair = (ui: React.ReactNode) => renderWithProviders(<TradingProvider coinId={1} name="BTC/USDT">{ui}</TradingProvider>);
const depth = robotDto({ id: 3, type: 'depth_far' });
const stopped = robotDto({ id: 4, type: 'follow_exchange', status: 'stopped', description: '', stopReason: 'Stopped by the user', runtime: { ...depth.runtime, activity: 'idle', openOrders: 0 } });

describe('the pair’s bots', { timeout: 60_000 }, () => {
  it('shows each bot’s switch, activity and last hour / today figures', async () => {
    stubRobotBackend({ robots: [depth, stopped] });
    inPair(<RobotList types={robotTypeItems()} onEdit={() => undefined} onDetails={() => undefined} />);
    const row = (await screen.findByText('#3')).closest('tr')!;
    expect(within(row).getByText('Depth far')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(within(row).getByText('4 open orders')).toBeInTheDocument();
    expect(within(row).getByRole('switch', { name: 'Run bot #3' })).toBeChecked();
    expect(within(row).getByText('Total P&L +2.50 USDT')).toBeInTheDocument();
    expect(within(row).getByText('Total P&L -4.20 USDT')).toBeInTheDocument();
    expect(within(row).getByText('Vol 0.01500 BTC')).toBeInTheDocument();
    const other = screen.getByText('#4').closest('tr')!;
    expect(within(other).getByRole('switch', { name: 'Run bot #4' })).not.toBeChecked();
    expect(within(other).getByText('Idle')).toBeInTheDocument();
  });

  it('on a phone, shows one card per bot with its switch, activity, and today’s and the last hour’s P&L, and no table', async () => {
    vi.stubGlobal('innerWidth', 390);
    const onDetails = vi.fn();
    stubRobotBackend({ robots: [depth, stopped] });
    inPair(<RobotList types={robotTypeItems()} onEdit={() => undefined} onDetails={onDetails} />);
    const card = (await screen.findByText('#3')).closest('.md-robot-card') as HTMLElement;
    expect(card).not.toBeNull();
    expect(within(card).getByRole('switch', { name: 'Run bot #3' })).toBeChecked();
    expect(within(card).getByText('Active')).toBeInTheDocument();
    expect(within(card).getByText('Total P&L -4.20 USDT')).toBeInTheDocument();
    expect(within(card).getByText('Total P&L +2.50 USDT')).toBeInTheDocument();
    const other = screen.getByText('#4').closest('.md-robot-card') as HTMLElement;
    expect(within(other).getByRole('switch', { name: 'Run bot #4' })).not.toBeChecked();
    expect(document.querySelector('.md-robot-list table')).toBeNull();
    fireEvent.click(within(card).getByText('Details'));
    expect(onDetails).toHaveBeenCalledWith(expect.objectContaining({ id: 3 }));
  });

  it('spins the switch while the user confirms (checkLoading) and while the PUT is in flight (loading), then sends the bot as it is, stopped', async () => {
    let answer: (r: Response) => void = () => undefined;
    const fetchMock = stubRobotBackend({
      robots: [depth],
      handlers: { '/backend/robot/update': () => new Promise<Response>((resolve) => (answer = resolve)) },
    });
    inPair(<RobotList types={robotTypeItems()} onEdit={() => undefined} onDetails={() => undefined} />);
    const toggle = await screen.findByRole('switch', { name: 'Run bot #3' });
    expect(toggle).not.toHaveClass('ant-switch-loading');
    fireEvent.click(toggle);
    expect(await screen.findByText('Stop this bot?')).toBeInTheDocument();
    expect(screen.getByText('It cancels its own open orders and no others.')).toBeInTheDocument();
    expect(toggle).toHaveClass('ant-switch-loading');
    expect(toggle).toHaveAttribute('data-check-loading', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(bodiesTo(fetchMock, '/backend/robot/update')).toHaveLength(1));
    expect(toggle).toHaveClass('ant-switch-loading');
    expect(toggle).not.toHaveAttribute('data-check-loading');
    expect(bodiesTo(fetchMock, '/backend/robot/update')[0]).toEqual({
      id: 3,
      coinId: 1,
      type: 'depth_far',
      config: depth.config,
      status: 'stopped',
      startMode: 'now',
      priceMode: 'normal',
      description: 'Keeps the book deep',
    });
    answer(jsonResponse(200, { code: 200, data: { id: 3 }, msg: 'SUCCESS' }));
    expect(await screen.findByText('Bot #3 stopped')).toBeInTheDocument();
    await waitFor(() => expect(toggle).not.toHaveClass('ant-switch-loading'));
  });

  it('sends nothing when the switch change is not confirmed', async () => {
    const fetchMock = stubRobotBackend({ robots: [stopped] });
    inPair(<RobotList types={robotTypeItems()} onEdit={() => undefined} onDetails={() => undefined} />);
    fireEvent.click(await screen.findByRole('switch', { name: 'Run bot #4' }));
    expect(await screen.findByText('Start this bot?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Run bot #4' })).not.toHaveClass('ant-switch-loading'));
    expect(bodiesTo(fetchMock, '/backend/robot/update')).toHaveLength(0);
  });

  it('details a bot: readable config, every figure of the three windows, its open orders and its log', async () => {
    const order = { orderNo: '91', clientOrderId: 'MDb3x1', symbol: 'BTC/USDT', price: '64350.00', amount: '0.00200', direction: 'buy', tradeType: 'limit', filledAmount: '0.00000', filledValue: '0', status: 'pending', createdAt: NOW, updatedAt: NOW, source: { kind: 'bot', robotId: 3, robotName: 'Depth far #3' } };
    const log = { id: 1, coinId: 1, robotId: 3, level: 'warn', message: 'Venue answered 429; backing off 2 s', createdAt: NOW };
    stubRobotBackend({ handlers: { '/backend/robot/detail/:id': () => ({ ...depth, openOrders: [order], recentOrders: [], recentFills: [], recentLogs: [log] }) } });
    inPair(<RobotDetailDrawer robotId={3} types={robotTypeItems()} onClose={() => undefined} />);
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('Bot #3: Depth far')).toBeInTheDocument();
    expect(within(drawer).getByText('Nearest offset')).toBeInTheDocument();
    expect(within(drawer).getByText('Even steps')).toBeInTheDocument();
    // A fraction of the price reads as a percentage (0.01 → 1%), never as the bare fraction.
    expect(within(drawer).getByText('1%')).toBeInTheDocument();
    expect(within(drawer).queryByText('0.01')).toBeNull();
    const figureRow = (label: string) => within(drawer).getByText(label).closest('tr')!;
    expect(within(figureRow('Trades')).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Trades', '3', '10', '40']);
    expect(figureRow('Realised P&L (USDT)')).toHaveTextContent('+1.25');
    expect(figureRow('Unrealised P&L (USDT)')).toHaveTextContent('-0.40');
    expect(figureRow('Inventory change (BTC)')).toHaveTextContent('+0.00500');
    expect(figureRow('Average cost (USDT)')).toHaveTextContent('65,020.00');
    expect(figureRow('Uptime')).toHaveTextContent('01:02:03');
    expect(within(drawer).getByText('64,350.00')).toBeInTheDocument();
    expect(within(drawer).getByText('Venue answered 429; backing off 2 s')).toBeInTheDocument();
  });
});

describe('the control panel’s bots', { timeout: 60_000 }, () => {
  it('lists the running bots with their activity and figures', async () => {
    stubRobotBackend({ robots: [depth, stopped] });
    inPair(<RunningBotsCard />);
    expect(await screen.findByText('#3 Depth far')).toBeInTheDocument();
    expect(screen.queryByText(/#4/)).not.toBeInTheDocument();
    expect(screen.getByText('1 of 2 running')).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('Total P&L +2.50 USDT')).toBeInTheDocument();
  });

  it('pages the trading log and filters it by level', async () => {
    const logs = [{ id: 9, coinId: 1, robotId: 3, level: 'info', message: 'Placed 40 orders', createdAt: NOW }];
    const fetchMock = stubRobotBackend({ robots: [depth], handlers: { '/backend/tradingLog/list': () => ({ list: logs, total: 31, current: 1, pageSize: 10 }) } });
    inPair(<TradingLogTable coinId={1} />);
    expect(await screen.findByText('Placed 40 orders')).toBeInTheDocument();
    expect(await screen.findByText('#3 Depth far')).toBeInTheDocument();
    expect(screen.getByTitle('4')).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Level' }));
    fireEvent.click(await screen.findByTitle('Warning'));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/backend/tradingLog/list') && String(url).includes('level=warn'))).toBe(true),
    );
    const sent = new URL(String(fetchMock.mock.calls.find(([url]) => String(url).includes('level=warn'))![0]), 'http://x');
    expect(Object.fromEntries(sent.searchParams)).toEqual({ coinId: '1', level: 'warn', current: '1', pageSize: '10' });
  });
});
