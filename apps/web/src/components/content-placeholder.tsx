import { PageContainer, ProCard } from '@ant-design/pro-components';
import { Empty, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCurrentPair } from '@/lib/current-pair';

/** A console screen whose content comes in a later release: it says what will appear, and shows no invented data. */
export function ContentPlaceholder({ description }: { description: string }) {
  const { t } = useTranslation('pages');
  const pair = useCurrentPair();
  return (
    <PageContainer>
      <ProCard style={{ minHeight: 360 }} bodyStyle={{ display: 'flex', alignItems: 'center', justifyContent: 'center', padding: '56px 24px' }}>
        <Empty
          image={Empty.PRESENTED_IMAGE_DEFAULT}
          description={
            <Flex vertical align="center" gap={8} style={{ maxWidth: 460 }}>
              <Typography.Text strong style={{ fontSize: 16 }}>
                {t('placeholder.title')}
              </Typography.Text>
              <Typography.Text type="secondary">{description}</Typography.Text>
              {pair ? (
                <Tag color="processing" bordered={false}>
                  {t('placeholder.pair', { pair: pair.name })}
                </Tag>
              ) : (
                <Typography.Text type="warning">{t('placeholder.noPair')}</Typography.Text>
              )}
            </Flex>
          }
        />
      </ProCard>
    </PageContainer>
  );
}
