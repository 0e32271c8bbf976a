import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatCard } from './stat-card';

describe('StatCard', () => {
  it('shows the value with its unit and tone, the note and a second line, named by its figure', () => {
    const { container } = render(<StatCard figure="pnl" title="P&L" value="+12.50" unit="USDT" tone="up" note="against holding" extra="since 2026-01-01" />);
    const card = container.querySelector('[data-figure="pnl"]')!;
    expect(card.querySelector('.md-stat-title')).toHaveTextContent('P&L');
    expect(card.querySelector('.md-stat-value')).toHaveTextContent('+12.50USDT');
    expect(card.querySelector('.md-stat-value')).toHaveClass('md-price-buy');
    expect([...card.querySelectorAll('.md-stat-note')].map((n) => n.textContent)).toEqual(['against holding', 'since 2026-01-01']);
  });

  it('shows a placeholder while its value is loading, and keeps the note line when there is no note', () => {
    const { container } = render(<StatCard title="Total balance" value={null} />);
    expect(container.querySelector('.md-stat-skeleton')).not.toBeNull();
    expect(container.querySelector('.md-stat-value')).toBeNull();
    expect([...container.querySelectorAll('.md-stat-note')].map((n) => n.textContent)).toEqual(['\u00a0']);
  });
});
