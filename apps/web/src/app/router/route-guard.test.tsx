import { storageKeys } from '@makerdesk/contract';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { endSession, signIn } from '@/lib/auth';
import { i18n } from '@/lib/i18n';
import { RouteGuard } from './route-guard';

function Where() {
  const { pathname, search } = useLocation();
  return <output>{`${pathname}${search}`}</output>;
}

const admin = (mainAccountId: number) => ({
  id: 5,
  account: 'x@desk.test',
  role: 'trader',
  employeeName: 'X',
  mainAccountId,
  status: 'active' as const,
  createdAt: 1,
  lastLoginAt: null,
});

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route element={<RouteGuard />}>
          <Route path="*" element={<Where />} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

describe('RouteGuard', () => {
  it('sends a signed-out visitor to login with the full target path', () => {
    renderAt('/user/logManage?x=1');
    expect(screen.getByRole('status')).toHaveTextContent('/login?redirect=%2Fuser%2FlogManage%3Fx%3D1');
  });

  it('sends a restricted account from main-account routes to the dashboard', () => {
    signIn('tok', { admin: admin(2), apiKey: [] });
    renderAt('/user/backendSettings');
    expect(screen.getByRole('status')).toHaveTextContent(/^\/dashborad$/);
  });

  it('follows the session: signing in on /login goes to the redirect target, signing out goes back to login', () => {
    renderAt('/login?redirect=%2Frobot');
    expect(screen.getByRole('status')).toHaveTextContent('/login?redirect=%2Frobot');
    act(() => signIn('tok', { admin: admin(1), apiKey: [] }));
    expect(screen.getByRole('status')).toHaveTextContent(/^\/robot$/);
    act(() => endSession());
    expect(screen.getByRole('status')).toHaveTextContent('/login?redirect=%2Frobot');
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
  });

  it('titles the page in the current language', async () => {
    await i18n.changeLanguage('en_US');
    renderAt('/agreement');
    expect(document.title).toBe('User agreement - MakerDesk');
    await act(() => i18n.changeLanguage('zh_CN'));
    expect(document.title).toBe('用户协议 - MakerDesk');
    await i18n.changeLanguage('en_US');
  });
});
