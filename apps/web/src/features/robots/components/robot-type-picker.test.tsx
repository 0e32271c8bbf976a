import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { renderWithProviders } from '@/testing/render';
import { robotTypeItems } from '../testing/robot-backend';
import { RobotTypePicker } from './robot-type-picker';

/** The listing of a pair whose key is on a live venue: the simulation-only types come back not available. */
const livePair = robotTypeItems().map((item) => ({ ...item, available: !item.simulationOnly }));

afterEach(() => void i18n.changeLanguage('en_US'));

describe('bot type picker: simulation-only types (DESIGN §8)', () => {
  it('on a simulator pair they are tagged "Simulation only" and can be chosen', async () => {
    await act(() => i18n.changeLanguage('en_US'));
    const onSelect = vi.fn();
    renderWithProviders(<RobotTypePicker types={robotTypeItems()} selected={null} onSelect={onSelect} />);
    fireEvent.click(screen.getByText(/^Strategy \(/));
    expect(screen.getAllByText('Simulation only')).toHaveLength(11);
    // Grouped apart: the live strategies in the category's group, the 11 rehearsal types under their own heading.
    const liveGroup = screen.getByRole('radiogroup', { name: 'Strategy' });
    const rehearsalGroup = screen.getByRole('radiogroup', { name: 'Rehearsal types: simulator only' });
    expect(liveGroup.querySelectorAll('[role="radio"]')).toHaveLength(6);
    expect(rehearsalGroup.querySelectorAll('[role="radio"]')).toHaveLength(11);
    expect(rehearsalGroup.textContent).toContain('Volume (random)');
    expect(liveGroup.textContent).toContain('Range oscillation');
    expect(liveGroup.textContent).not.toContain('Simulation only');
    fireEvent.click(screen.getByText('Volume (random)'));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ type: 'volume_random' }));
    expect(screen.queryByText(/Not available on this pair/)).toBeNull();
  });

  it('on a live-venue pair they are shown disabled with the reason in words and cannot be chosen, in English and Chinese', async () => {
    await act(() => i18n.changeLanguage('en_US'));
    const onSelect = vi.fn();
    const { unmount } = renderWithProviders(<RobotTypePicker types={livePair} selected={null} onSelect={onSelect} />);
    fireEvent.click(screen.getByText(/^Strategy \(/));
    const card = screen.getByText('Pump and dump (rapid)').closest('[role="radio"]')!;
    expect(card).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getAllByText(/Not available on this pair: its API key is on a live venue.*market integrity policy/)).toHaveLength(11);
    fireEvent.click(screen.getByText('Pump and dump (rapid)'));
    fireEvent.keyDown(card, { key: 'Enter' });
    expect(onSelect).not.toHaveBeenCalled();
    // A live type on the same pair is still chosen.
    fireEvent.click(screen.getByText('Range oscillation'));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ type: 'range_oscillation' }));
    unmount();

    await act(() => i18n.changeLanguage('zh_CN'));
    renderWithProviders(<RobotTypePicker types={livePair} selected={null} onSelect={onSelect} />);
    fireEvent.click(screen.getByText(/^策略 \(/));
    expect(screen.getAllByText(/该交易对不可用.*市场诚信政策/)).toHaveLength(11);
  });
});
