import type { RobotFeed } from '@makerdesk/contract';
import { configure, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { TradingProvider } from '@/market-data/components/trading-context';
import { renderWithProviders } from '@/testing/render';
import { NOW, robotDto, robotTypeItems, stubRobotBackend } from '../testing/robot-backend';
import { feedSinceText } from '../utils/feed';
import { RobotFeedTag } from './robot-feed-tag';
import { RobotList } from './robot-list';

configure({ asyncUtilTimeout: 8_000 });
beforeEach(() => void i18n.changeLanguage('en_US'));
afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

const at = (h: number, m: number) => new Date(2026, 10, 27, h, m, 30).getTime();
const now = at(12, 40);
const down: RobotFeed = { mode: 'polling', since: at(12, 3), reason: 'down' };
const unsupported: RobotFeed = { mode: 'polling', since: at(9, 0), reason: 'unsupported' };
const stream: RobotFeed = { mode: 'stream', since: at(8, 0), reason: null };

describe('RobotFeedTag', () => {
  it('a quiet "Stream", a warning while polling with since when and why, nothing without a feed', () => {
    const { unmount } = renderWithProviders(
      <div>
        <span data-testid="s">
          <RobotFeedTag feed={stream} now={now} />
        </span>
        <span data-testid="d">
          <RobotFeedTag feed={down} now={now} />
        </span>
        <span data-testid="u">
          <RobotFeedTag feed={unsupported} now={now} />
        </span>
        <span data-testid="none">
          <RobotFeedTag feed={null} now={now} />
          <RobotFeedTag feed={undefined} now={now} />
        </span>
      </div>,
    );
    expect(within(screen.getByTestId('s')).getByTestId('robot-feed')).toHaveTextContent(/^Stream$/);
    expect(within(screen.getByTestId('s')).getByTestId('robot-feed')).toHaveAttribute('data-feed', 'stream');
    expect(within(screen.getByTestId('d')).getByTestId('robot-feed')).toHaveTextContent('Polling since 12:03: stream down');
    expect(within(screen.getByTestId('d')).getByTestId('robot-feed').className).toMatch(/warning/);
    expect(within(screen.getByTestId('u')).getByTestId('robot-feed')).toHaveTextContent('Polling (no stream for this venue)');
    expect(screen.getByTestId('none')).toBeEmptyDOMElement();
    unmount();
  });

  it('in Chinese', async () => {
    await i18n.changeLanguage('zh_CN');
    renderWithProviders(
      <div>
        <RobotFeedTag feed={down} now={now} />
        <RobotFeedTag feed={unsupported} now={now} />
        <RobotFeedTag feed={stream} now={now} />
      </div>,
    );
    const tags = screen.getAllByTestId('robot-feed');
    expect(tags.map((t) => t.textContent)).toEqual(['自 12:03 起轮询：推送中断', '轮询（该交易所无实时推送）', '实时推送']);
  });
});

describe('the bot list shows each live bot’s feed', { timeout: 60_000 }, () => {
  it('a polling bot warns, a streaming one says so quietly, a simulator bot and a stopped one show nothing', async () => {
    const base = robotDto({ id: 1, type: 'depth_near' });
    const polling = robotDto({ id: 11, type: 'depth_near', runtime: { ...base.runtime, feed: { mode: 'polling', since: NOW - 60_000, reason: 'down' } } });
    const streaming = robotDto({ id: 12, type: 'depth_near', runtime: { ...base.runtime, feed: { mode: 'stream', since: NOW - 600_000, reason: null } } });
    const simulated = robotDto({ id: 13, type: 'depth_near', runtime: { ...base.runtime, feed: null } });
    const stopped = robotDto({ id: 14, type: 'depth_far', status: 'stopped', runtime: { ...base.runtime, activity: 'idle', feed: { mode: 'stream', since: NOW, reason: null } } });
    stubRobotBackend({ robots: [polling, streaming, simulated, stopped] });
    renderWithProviders(
      <TradingProvider coinId={1} name="BTC/USDT">
        <RobotList types={robotTypeItems()} onEdit={() => undefined} onDetails={() => undefined} />
      </TradingProvider>,
    );
    const row = async (id: number) => (await screen.findByText(`#${id}`)).closest('tr')!;
    expect(within(await row(11)).getByTestId('robot-feed')).toHaveTextContent(`Polling since ${feedSinceText(NOW - 60_000, Date.now())}: stream down`);
    expect(within(await row(12)).getByTestId('robot-feed')).toHaveTextContent(/^Stream$/);
    expect(within(await row(13)).queryByTestId('robot-feed')).toBeNull();
    expect(within(await row(14)).queryByTestId('robot-feed')).toBeNull();
  });
});
