import { breakpoints, feedback as feedbackConstants } from '@makerdesk/contract';
import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider, theme } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useEffect, type ReactNode } from 'react';
import { SystemNoticeModal } from '@/features/system-notice/components/system-notice-modal';
import { SIGNED_OUT_EVENT } from '@/lib/auth';
import { setFeedback } from '@/lib/feedback';
import { queryClient } from '@/lib/query-client';
import { useThemeColor } from '@/lib/theme';
import { useLocale } from './locale';

/** Hands antd's themed message and notification instances to code outside components. */
function FeedbackBridge() {
  const { message, notification } = AntdApp.useApp();
  useEffect(() => setFeedback({ message, notification }), [message, notification]);
  return null;
}

/** Cached answers belong to the account that asked: they go when its session ends. */
function ClearCacheOnSignOut() {
  const client = useQueryClient();
  useEffect(() => {
    const clear = () => client.clear();
    window.addEventListener(SIGNED_OUT_EVENT, clear);
    return () => window.removeEventListener(SIGNED_OUT_EVENT, clear);
  }, [client]);
  return null;
}

export function AppProvider({ children }: { children: ReactNode }) {
  const { lang } = useLocale();
  const colorPrimary = useThemeColor();

  useEffect(() => {
    // The progress bar and a few hand-written styles follow the theme colour through this variable.
    document.documentElement.style.setProperty('--md-primary', colorPrimary);
  }, [colorPrimary]);

  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider
        locale={lang === 'zh_CN' ? zhCN : enUS}
        // antd spaces out two-character Chinese labels ('登 录'); the console writes them as words.
        button={{ autoInsertSpace: false }}
        theme={{
          algorithm: theme.darkAlgorithm,
          token: {
            colorPrimary,
            colorInfo: colorPrimary,
            colorLink: colorPrimary,
            borderRadius: 6,
            screenXSMax: breakpoints.xs,
            screenSM: breakpoints.sm,
            screenMD: breakpoints.md,
            screenLG: breakpoints.lg,
            screenXL: breakpoints.xl,
            screenXXL: breakpoints.xxl,
          },
        }}
      >
        <AntdApp
          message={{ duration: feedbackConstants.messageSeconds, top: feedbackConstants.top }}
          notification={{ duration: feedbackConstants.notificationSeconds, top: feedbackConstants.top }}
        >
          <FeedbackBridge />
          <ClearCacheOnSignOut />
          <SystemNoticeModal />
          {children}
        </AntdApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
