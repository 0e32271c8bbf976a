import { layout } from '@makerdesk/contract';
import { Spin } from 'antd';
import { useEffect } from 'react';
import { beginProgress, endProgress } from '@/lib/progress';

/** Shown while a page's code loads; the top progress bar runs for as long. */
export function PageLoading() {
  useEffect(() => {
    beginProgress();
    return endProgress;
  }, []);
  return (
    <div style={{ paddingTop: layout.loadingPaddingTop, textAlign: 'center' }}>
      <Spin size="large" />
    </div>
  );
}
