import { ProCard } from '@ant-design/pro-components';
import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { EmptyIllustration } from './illustrations/empty-illustration';

interface EmptyStateProps {
  title: string;
  description: ReactNode;
  action?: ReactNode;
}

/** A screen with nothing to show yet: an illustration, what is missing, and the way to get it. */
export function EmptyState({ title, description, action }: EmptyStateProps) {
  return (
    <ProCard style={{ minHeight: 360 }} bodyStyle={{ display: 'flex', alignItems: 'center', justifyContent: 'center', padding: '48px 24px' }}>
      <Flex vertical align="center" gap={12} style={{ maxWidth: 520, textAlign: 'center' }}>
        <EmptyIllustration />
        <Typography.Title level={4} style={{ margin: '8px 0 0' }}>
          {title}
        </Typography.Title>
        <Typography.Text type="secondary">{description}</Typography.Text>
        {action && <div style={{ marginTop: 12 }}>{action}</div>}
      </Flex>
    </ProCard>
  );
}
