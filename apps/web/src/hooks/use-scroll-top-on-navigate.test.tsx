import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes, useNavigate, type NavigateFunction } from 'react-router-dom';
import { useScrollTopOnNavigate } from './use-scroll-top-on-navigate';

let navigate: NavigateFunction;
function Screen() {
  useScrollTopOnNavigate();
  navigate = useNavigate();
  return null;
}

afterEach(() => vi.restoreAllMocks());

describe('useScrollTopOnNavigate', () => {
  it('scrolls to the top when a new screen is opened, not on back/forward nor when only the query changes', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    render(
      <MemoryRouter initialEntries={['/robot']}>
        <Routes>
          <Route path="*" element={<Screen />} />
        </Routes>
      </MemoryRouter>,
    );
    // The first screen is the browser's own load (POP).
    expect(scrollTo).not.toHaveBeenCalled();
    act(() => navigate('/work'));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    act(() => navigate('/work?tab=history'));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    act(() => navigate(-1));
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });
});
