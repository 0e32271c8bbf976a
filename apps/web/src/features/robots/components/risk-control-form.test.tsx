import { robotUpdateRequest } from '@makerdesk/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { bodiesTo, robotTypeItems, stubRobotBackend } from '../testing/robot-backend';
import { button, chooseType, renderDeploymentPage } from '../testing/deployment-page';

/** The risk-control types' forms: lists of thresholds, a schedule choice that shows its own field, no price mode. */
configure({ asyncUtilTimeout: 8_000 });
beforeEach(() => void i18n.changeLanguage('en_US'));
afterEach(() => vi.unstubAllGlobals());

describe('risk-control forms', { timeout: 60_000 }, () => {
  it('lists the four monitors under Risk control; the report shows the field of its schedule only, and sends both', async () => {
    const fetchMock = stubRobotBackend({ handlers: { '/backend/robot/update': () => ({ id: 9 }) } });
    renderDeploymentPage();
    expect(await screen.findByText('Risk control (4)')).toBeInTheDocument();
    const form = await chooseType('Balance timed report', 'Risk control');
    for (const name of ['Balance monitor', 'Price monitor', 'Emergency stop']) expect(screen.getByText(name)).toBeInTheDocument();
    expect(within(form).getByLabelText('Daily at (HH:MM)')).toHaveValue('08:00');
    expect(within(form).queryByLabelText('Every (hours)')).toBeNull();
    // No price mode: a monitor places no orders.
    expect(within(form).queryByText('Normal: may cross the spread when the strategy calls for it, capped at a share of the liquidity it would hit.')).toBeNull();

    fireEvent.click(within(form).getByText('Every N hours'));
    await waitFor(() => expect(within(form).getByLabelText('Every (hours)')).toHaveValue('1'));
    expect(within(form).queryByLabelText('Daily at (HH:MM)')).toBeNull();
    fireEvent.change(within(form).getByLabelText('Every (hours)'), { target: { value: '6' } });

    fireEvent.click(button(within(form), 'Deploy bot'));
    await screen.findByText('Deploy this bot?', { selector: '.ant-modal-confirm-title' });
    expect(screen.getByText('Balance timed report on BTC/USDT, starting now.')).toBeInTheDocument();
    fireEvent.click(button(screen, 'Confirm'));
    expect(await screen.findByText('Bot #9 deployed')).toBeInTheDocument();
    const [body] = bodiesTo(fetchMock, '/backend/robot/update');
    expect(body).toMatchObject({ type: 'report_balance', config: { schedule: 'every', everyHours: 6, dailyAt: '08:00', utcOffset: '+00:00' }, priceMode: 'normal' });
    expect(robotUpdateRequest.safeParse(body).success).toBe(true);
  });

  it('the balance monitor edits its thresholds as rows, each amount in the asset its row chooses', async () => {
    const fetchMock = stubRobotBackend({ handlers: { '/backend/robot/update': () => ({ id: 4 }) } });
    renderDeploymentPage();
    const form = await chooseType('Balance monitor', 'Risk control');
    const rows = () => form.querySelectorAll('.md-robot-list-row');
    expect(rows()).toHaveLength(2);
    const units = () => [...rows()].map((row) => [...row.querySelectorAll('.md-input-unit')].map((u) => u.textContent));
    expect(units()).toEqual([
      ['BTC', 'BTC'],
      ['USDT', 'USDT'],
    ]);
    fireEvent.click(button(within(form), 'Add a threshold'));
    await waitFor(() => expect(rows()).toHaveLength(3));
    fireEvent.click(within(rows()[2] as HTMLElement).getByText('Quote asset'));
    fireEvent.change(within(rows()[2] as HTMLElement).getByLabelText('Alert above'), { target: { value: '50000' } });
    await waitFor(() => expect(units()[2]).toEqual(['USDT', 'USDT']));

    fireEvent.click(button(within(form), 'Deploy bot'));
    await screen.findByText('Deploy this bot?', { selector: '.ant-modal-confirm-title' });
    fireEvent.click(button(screen, 'Confirm'));
    expect(await screen.findByText('Bot #4 deployed')).toBeInTheDocument();
    const defaults = robotTypeItems().find((t) => t.type === 'monitor_balance')!.defaults as { thresholds: unknown[] };
    expect((bodiesTo(fetchMock, '/backend/robot/update')[0] as { config: { thresholds: unknown[] } }).config.thresholds).toEqual([...defaults.thresholds, { asset: 'quote', above: '50000' }]);
  });

  it('an emergency stop without any rule names the fields; in Chinese too', async () => {
    await i18n.changeLanguage('zh_CN');
    stubRobotBackend();
    renderDeploymentPage();
    const form = await chooseType('紧急停止', '风控', '机器人配置');
    for (const label of ['最大回撤', '价格下限', '价格上限']) fireEvent.change(within(form).getByLabelText(label), { target: { value: '' } });
    fireEvent.click(button(within(form), '部署机器人'));
    expect((await within(form).findAllByText(/^请至少设置一条规则/)).length).toBeGreaterThan(0);
  });

  it('the price monitor shows its recovery margin (a fraction) in percent, its bounds in percent, and sends the fraction', async () => {
    const fetchMock = stubRobotBackend({ handlers: { '/backend/robot/update': () => ({ id: 6 }) } });
    renderDeploymentPage();
    const form = await chooseType('Price monitor', 'Risk control');
    const margin = within(form).getByLabelText('Recovery margin');
    expect(margin).toHaveValue('0.5');
    expect(within(form).getByText('From 0 % to 20 %')).toBeInTheDocument();
    fireEvent.change(margin, { target: { value: '25' } });
    expect(await within(form).findByText('Must be between 0 % and 20 %')).toBeInTheDocument();
    fireEvent.change(margin, { target: { value: '2.5' } });
    await waitFor(() => expect(within(form).queryByText('Must be between 0 % and 20 %')).not.toBeInTheDocument());
    fireEvent.click(button(within(form), 'Deploy bot'));
    await screen.findByText('Deploy this bot?', { selector: '.ant-modal-confirm-title' });
    fireEvent.click(button(screen, 'Confirm'));
    expect(await screen.findByText('Bot #6 deployed')).toBeInTheDocument();
    const body = bodiesTo(fetchMock, '/backend/robot/update')[0] as { config: Record<string, unknown> };
    expect(body.config.recoveryMargin).toBe('0.025');
    // The move is kept in percent already: it is sent as typed.
    expect(body.config.movePercent).toBe('5');
    expect(robotUpdateRequest.safeParse(body).success).toBe(true);
  });
});
