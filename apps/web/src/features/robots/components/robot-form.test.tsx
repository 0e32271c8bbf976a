import { robotUpdateRequest } from '@makerdesk/contract';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { jsonResponse } from '@/testing/fetch-mock';
import { bodiesTo, robotDto, robotTypeItems, stubRobotBackend } from '../testing/robot-backend';
import { button, chooseType, formNamed, renderDeploymentPage } from '../testing/deployment-page';

// antd forms of 15-20 fields render slowly in jsdom on a busy machine.
configure({ asyncUtilTimeout: 8_000 });
beforeEach(() => void i18n.changeLanguage('en_US'));
afterEach(() => vi.unstubAllGlobals());

const field = (form: HTMLElement, label: string) => within(form).getByLabelText(label);
/** The text written beside a percent field (a spread's bps). */
const besideOf = (input: HTMLElement) => input.closest('.md-percent-beside')?.querySelector('[data-testid="percent-beside"]')?.textContent;
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const dialog = (title: string) => screen.findByText(title, { selector: '.ant-modal-confirm-title' });

describe('bot deployment form', { timeout: 60_000 }, () => {
  it('lists the types by category and builds a type’s form from its schema, prefilled with its defaults', async () => {
    stubRobotBackend();
    renderDeploymentPage();
    expect(await screen.findByText('Common (3)')).toBeInTheDocument();
    expect(screen.getByText('Strategy (17)')).toBeInTheDocument();
    expect(screen.getByText('AI (2)')).toBeInTheDocument();
    expect(screen.getByText('Depth far')).toBeInTheDocument();
    const form = await chooseType('Depth near');
    // A spread the API keeps as a fraction (0.002) is shown in percent, with its % sign.
    expect(field(form, 'Base spread min')).toHaveValue('0.2');
    expect(field(form, 'Base spread min').closest('.ant-input-affix-wrapper')?.querySelector('.md-input-unit')?.textContent).toBe('%');
    // Beside it, the same spread in the basis points the bot list and the book show.
    expect(besideOf(field(form, 'Base spread min'))).toBe('= 20 bps');
    expect(field(form, 'Layers per side max')).toHaveValue('4');
    // The bounds under each field, a fraction's in percent.
    expect(within(form).getAllByText('From 0 % to 5 %').length).toBeGreaterThan(0);
    expect(within(form).getByText('From 0.05 % to 10 %')).toBeInTheDocument();
    expect(within(form).getByText('Above 0, at most 1000000')).toBeInTheDocument();
    // The professional options are there, collapsed.
    const options = within(form).getByText('Professional options');
    expect(options.closest('.ant-collapse-item')).not.toHaveClass('ant-collapse-item-active');
    expect(within(form).getByText('Normal: may cross the spread when the strategy calls for it, capped at a share of the liquidity it would hit.')).toBeInTheDocument();
  });

  it('shows each bound’s message as the user types, and both texts of a min above its max', async () => {
    stubRobotBackend();
    renderDeploymentPage();
    const form = await chooseType('Depth near');
    // Typed in percent: 6 % is past the 5 % (0.05) bound, said in percent.
    type(field(form, 'Base spread min'), '6');
    expect(await within(form).findByText('Must be between 0 % and 5 %')).toBeInTheDocument();
    type(field(form, 'Base spread min'), '0.2');
    await waitFor(() => expect(within(form).queryByText('Must be between 0 % and 5 %')).not.toBeInTheDocument());

    type(field(form, 'Layers per side min'), '3');
    type(field(form, 'Layers per side max'), '3');
    expect(await within(form).findByText('Min value cannot exceed max value')).toBeInTheDocument();
    expect(await within(form).findByText('Max value must exceed min value')).toBeInTheDocument();
    // Mending the max clears the min's message too.
    type(field(form, 'Layers per side max'), '5');
    await waitFor(() => expect(within(form).queryByText('Min value cannot exceed max value')).not.toBeInTheDocument());
    expect(within(form).queryByText('Max value must exceed min value')).not.toBeInTheDocument();
  });

  it('says the same in Chinese', async () => {
    await i18n.changeLanguage('zh_CN');
    stubRobotBackend();
    renderDeploymentPage();
    fireEvent.click(await screen.findByText('近端深度'));
    const form = await formNamed('机器人配置');
    type(field(form, '每侧档位最小值'), '3');
    type(field(form, '每侧档位最大值'), '3');
    expect(await within(form).findByText('最小值不能超过最大值')).toBeInTheDocument();
    expect(await within(form).findByText('最大值必须大于最小值')).toBeInTheDocument();
    type(field(form, '基础价差最小值'), '6');
    expect(await within(form).findByText('必须在 0% 到 5% 之间')).toBeInTheDocument();
    type(field(form, '单笔下单量最小值'), '0.000001');
    expect(await within(form).findByText('低于最小下单量 0.00001 BTC')).toBeInTheDocument();
  });

  it('asks a second time, then sends exactly the robotUpdateRequest shape and says the bot is deployed', async () => {
    const fetchMock = stubRobotBackend({ handlers: { '/backend/robot/update': () => ({ id: 7 }) } });
    renderDeploymentPage();
    const form = await chooseType('Depth near');
    type(within(form).getByLabelText('Description'), '  tight book  ');
    fireEvent.click(button(within(form), 'Deploy bot'));
    await dialog('Deploy this bot?');
    expect(screen.getByText('Depth near on BTC/USDT, starting now, price mode Normal.')).toBeInTheDocument();
    expect(bodiesTo(fetchMock, '/backend/robot/update')).toHaveLength(0);
    fireEvent.click(button(screen, 'Confirm'));
    expect(await screen.findByText('Bot #7 deployed')).toBeInTheDocument();
    const [body] = bodiesTo(fetchMock, '/backend/robot/update');
    const defaults = robotTypeItems().find((t) => t.type === 'depth_near')!.defaults;
    expect(body).toEqual({ coinId: 1, type: 'depth_near', config: defaults, status: 'running', startMode: 'now', priceMode: 'normal', description: 'tight book' });
    expect(robotUpdateRequest.safeParse(body).success).toBe(true);
  });

  it("depth near and depth far have a switch to keep the pair's obligation (off by default) that the bot's config carries", async () => {
    const fetchMock = stubRobotBackend({ handlers: { '/backend/robot/update': () => ({ id: 8 }) } });
    renderDeploymentPage();
    const form = await chooseType('Depth near');
    fireEvent.click(within(form).getByText('Professional options'));
    const keep = within(form).getByRole('switch', { name: "Keep the pair's obligation" });
    expect(keep).not.toBeChecked();
    expect(within(form).getByText(/Hold the pair's liquidity obligation with the least capital/)).toBeInTheDocument();
    fireEvent.click(keep);
    expect(keep).toBeChecked();
    fireEvent.click(button(within(form), 'Deploy bot'));
    await dialog('Deploy this bot?');
    fireEvent.click(button(screen, 'Confirm'));
    expect(await screen.findByText('Bot #8 deployed')).toBeInTheDocument();
    const [body] = bodiesTo(fetchMock, '/backend/robot/update') as { config: { options: Record<string, unknown> } }[];
    expect(body!.config.options.keepObligation).toBe(true);
    expect(robotUpdateRequest.safeParse(body).success).toBe(true);
  });

  it('depth spread has no such switch', async () => {
    stubRobotBackend();
    renderDeploymentPage();
    const spread = await chooseType('Depth spread');
    fireEvent.click(within(spread).getByText('Professional options'));
    expect(within(spread).queryByRole('switch', { name: /obligation/ })).toBeNull();
  });

  it('in Chinese the switch reads in Chinese', async () => {
    await i18n.changeLanguage('zh_CN');
    stubRobotBackend();
    renderDeploymentPage();
    const far = await chooseType('远端深度', undefined, '机器人配置');
    fireEvent.click(within(far).getByText('专业选项'));
    expect(within(far).getByRole('switch', { name: '维持交易对做市义务' })).toBeInTheDocument();
  });

  it('a configuration the balance cannot fund: shows per-order and total notional with their share, then saves with confirmExposure', async () => {
    const refusal = 'This bot can put 2,600.40 USDT on the book, more than the available 1,000.00 USDT (260.04% of it). Confirm to save it anyway';
    let calls = 0;
    const fetchMock = stubRobotBackend({
      handlers: {
        '/backend/robot/update': () => (calls++ === 0 ? jsonResponse(409, { code: 409, data: { code: 1030082 }, msg: refusal }) : { id: 9 }),
      },
    });
    renderDeploymentPage();
    const form = await chooseType('Depth near');
    type(field(form, 'Single order amount max'), '0.04');
    fireEvent.click(button(within(form), 'Deploy bot'));
    await dialog('Deploy this bot?');
    fireEvent.click(button(screen, 'Confirm'));
    await dialog('The balance cannot fund this bot: save it anyway?');
    const box = screen.getByTestId('guard-confirm');
    expect(within(box).getByText(refusal)).toBeInTheDocument();
    // 0.04 BTC at the mid 65,000: 2,600.00 USDT a bid, 260.00 % of the 1,000 USDT; four bids a side.
    expect(within(box).getByText('One bid')).toBeInTheDocument();
    expect(within(box).getByText('2,600.00 USDT (0.04000 BTC), 260.00% of the balance')).toBeInTheDocument();
    expect(within(box).getByText('All bids (4)')).toBeInTheDocument();
    expect(within(box).getByText('10,400.00 USDT (0.16000 BTC), 1,040.00% of the balance')).toBeInTheDocument();
    expect(within(box).getByText('2,600.00 USDT (0.04000 BTC), 2.00% of the balance')).toBeInTheDocument();
    expect(within(box).getByText('1,000.00 USDT · 2.00000 BTC')).toBeInTheDocument();
    expect(bodiesTo(fetchMock, '/backend/robot/update')).toHaveLength(1);
    fireEvent.click(button(screen, 'Yes, save it'));
    expect(await screen.findByText('Bot #9 deployed')).toBeInTheDocument();
    const bodies = bodiesTo(fetchMock, '/backend/robot/update') as Record<string, unknown>[];
    expect(bodies).toHaveLength(2);
    expect(bodies[0]).not.toHaveProperty('confirmExposure');
    expect(bodies[1]).toMatchObject({ type: 'depth_near', confirmExposure: true });
  });

  it('sends nothing when the second confirmation is cancelled', async () => {
    const fetchMock = stubRobotBackend({ handlers: { '/backend/robot/update': () => ({ id: 7 }) } });
    renderDeploymentPage();
    const form = await chooseType('Depth far');
    fireEvent.click(button(within(form), 'Deploy bot'));
    await dialog('Deploy this bot?');
    fireEvent.click(button(screen, 'Cancel'));
    await waitFor(() => expect(screen.queryByText('Deploy this bot?')).not.toBeInTheDocument());
    expect(bodiesTo(fetchMock, '/backend/robot/update')).toHaveLength(0);
  });

  it('does not ask about the price gap at exactly 5 %', async () => {
    stubRobotBackend({ handlers: { '/backend/robot/update': () => ({ id: 8 }) } });
    renderDeploymentPage();
    const form = await chooseType('Exchange price follow', 'Strategy');
    // Reference 65000 × 1.05 = 68250 against 65000: exactly 5 %.
    type(field(form, 'Price mapping ratio'), '1.05');
    expect(await within(form).findByText(/Mapped price ≈ 68,250.00 USDT/)).toBeInTheDocument();
    fireEvent.click(button(within(form), 'Deploy bot'));
    await dialog('Deploy this bot?');
    expect(screen.queryByText(/away from the current price/)).not.toBeInTheDocument();
  });

  it('asks about the price gap past 5 %, then the second confirmation, then deploys', async () => {
    const fetchMock = stubRobotBackend({ handlers: { '/backend/robot/update': () => ({ id: 8 }) } });
    renderDeploymentPage();
    const form = await chooseType('Exchange price follow', 'Strategy');
    // 65000 × 1.0501 = 68256.5: 5.01 % away.
    type(field(form, 'Price mapping ratio'), '1.0501');
    fireEvent.click(button(within(form), 'Deploy bot'));
    await dialog('The mapped price is 5.01 % away from the current price');
    expect(screen.getByText(/Mapped price 68,256.50 USDT against the current price 65,000.00 USDT/)).toBeInTheDocument();
    expect(screen.queryByText('Deploy this bot?')).not.toBeInTheDocument();
    fireEvent.click(button(screen, 'Continue'));
    await dialog('Deploy this bot?');
    fireEvent.click(button(screen, 'Confirm'));
    expect(await screen.findByText('Bot #8 deployed')).toBeInTheDocument();
    const [body] = bodiesTo(fetchMock, '/backend/robot/update') as { config: Record<string, unknown>; type: string }[];
    expect(body?.type).toBe('follow_exchange');
    expect(body?.config.priceMappingRatio).toBe('1.0501');
    expect(body?.config.source).toEqual({ platform: 'sim', symbol: 'BTC/USDT' });
  });

  it('stops at the price gap when the user does not continue', async () => {
    const fetchMock = stubRobotBackend({ handlers: { '/backend/robot/update': () => ({ id: 9 }) } });
    renderDeploymentPage();
    const form = await chooseType('Exchange price follow', 'Strategy');
    type(field(form, 'Price mapping ratio'), '0.5');
    fireEvent.click(button(within(form), 'Deploy bot'));
    await dialog('The mapped price is 50 % away from the current price');
    fireEvent.click(button(screen, 'Cancel'));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByText('Deploy this bot?')).not.toBeInTheDocument();
    expect(bodiesTo(fetchMock, '/backend/robot/update')).toHaveLength(0);
  });

  it('puts the server’s field errors on their fields', async () => {
    stubRobotBackend({
      handlers: {
        '/backend/robot/update': () =>
          jsonResponse(400, { code: 400, data: { code: 1030023, fields: [{ field: 'config.orderAmountMax', message: 'Max value must exceed min value' }] }, msg: 'Invalid robot configuration' }),
      },
    });
    renderDeploymentPage();
    const form = await chooseType('Depth far');
    fireEvent.click(button(within(form), 'Deploy bot'));
    await dialog('Deploy this bot?');
    fireEvent.click(button(screen, 'Confirm'));
    expect(await within(form).findByText('Max value must exceed min value')).toBeInTheDocument();
    expect(await screen.findByText('Please correct the highlighted fields')).toBeInTheDocument();
  });

  it('loads a bot into its form to edit it, and saves it with its id', async () => {
    const bot = robotDto({ id: 3, type: 'depth_near', priceMode: 'safe', description: 'tight book' });
    bot.config = { ...bot.config, baseSpreadMax: '0.006' };
    const fetchMock = stubRobotBackend({ robots: [bot], handlers: { '/backend/robot/update': () => ({ id: 3 }) } });
    renderDeploymentPage();
    const row = (await screen.findByText('#3')).closest('tr')!;
    fireEvent.click(within(row).getByText('Edit'));
    expect(await screen.findByText('Editing bot #3: Depth near')).toBeInTheDocument();
    const form = await formNamed('Bot configuration');
    // The stored fraction shown in percent; the percent typed goes back as the exact fraction.
    expect(field(form, 'Base spread max')).toHaveValue('0.6');
    type(field(form, 'Base spread max'), '0.8');
    fireEvent.click(button(within(form), 'Save changes'));
    await dialog('Save the changes to this bot?');
    fireEvent.click(button(screen, 'Confirm'));
    expect(await screen.findByText('Bot #3 saved')).toBeInTheDocument();
    const [body] = bodiesTo(fetchMock, '/backend/robot/update');
    expect(body).toEqual({
      id: 3,
      coinId: 1,
      type: 'depth_near',
      config: { ...bot.config, baseSpreadMax: '0.008' },
      status: 'running',
      startMode: 'now',
      priceMode: 'safe',
      description: 'tight book',
    });
  });

  it('sends the fraction of the percent typed, exactly', async () => {
    const fetchMock = stubRobotBackend({ handlers: { '/backend/robot/update': () => ({ id: 8 }) } });
    renderDeploymentPage();
    const form = await chooseType('Depth near');
    type(field(form, 'Base spread min'), '0.15');
    type(field(form, 'Base spread max'), '1.25 %');
    // What is typed is written in bps beside it as it is typed.
    expect(besideOf(field(form, 'Base spread min'))).toBe('= 15 bps');
    expect(besideOf(field(form, 'Base spread max'))).toBe('= 125 bps');
    // A share that is no spread (the layer step) has no bps beside it.
    expect(field(form, 'Layer step').closest('.md-percent-beside')).toBeNull();
    fireEvent.click(button(within(form), 'Deploy bot'));
    await dialog('Deploy this bot?');
    fireEvent.click(button(screen, 'Confirm'));
    expect(await screen.findByText('Bot #8 deployed')).toBeInTheDocument();
    const [body] = bodiesTo(fetchMock, '/backend/robot/update') as { config: Record<string, unknown> }[];
    expect(body?.config.baseSpreadMin).toBe('0.0015');
    expect(body?.config.baseSpreadMax).toBe('0.0125');
    expect(robotUpdateRequest.safeParse(body).success).toBe(true);
  });

  it('says an order amount under the pair’s minimum is below it, with the pair’s unit', async () => {
    const fetchMock = stubRobotBackend({ handlers: { '/backend/robot/update': () => ({ id: 5 }) } });
    renderDeploymentPage();
    const form = await chooseType('Depth near');
    // Under the max (no min/max issue), but under the pair's 0.00001 BTC.
    type(field(form, 'Single order amount min'), '0.000009');
    expect(await within(form).findByText('Below the minimum amount 0.00001 BTC')).toBeInTheDocument();
    fireEvent.click(button(within(form), 'Deploy bot'));
    await act(() => new Promise((r) => setTimeout(r, 100)));
    expect(screen.queryByText('Deploy this bot?')).not.toBeInTheDocument();
    type(field(form, 'Single order amount min'), '0.00001');
    await waitFor(() => expect(within(form).queryByText('Below the minimum amount 0.00001 BTC')).not.toBeInTheDocument());
    expect(bodiesTo(fetchMock, '/backend/robot/update')).toHaveLength(0);
  });
});
