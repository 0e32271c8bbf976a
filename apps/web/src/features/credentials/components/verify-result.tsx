import { CheckCircleFilled, CloseCircleFilled, QuestionCircleFilled } from '@ant-design/icons';
import { Alert, Descriptions, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatPlain, isPositive } from '@/lib/numbers';
import type { ApiVerifyResult } from '../api/verify-api-key';

function Check({ value, unknown }: { value: boolean | null; unknown: string }) {
  const { t } = useTranslation('credentials');
  if (value === null)
    return (
      <Tag icon={<QuestionCircleFilled />} color="default">
        {unknown}
      </Tag>
    );
  return value ? (
    <Tag icon={<CheckCircleFilled />} color="success">
      {t('verify.yes')}
    </Tag>
  ) : (
    <Tag icon={<CloseCircleFilled />} color="error">
      {t('verify.no')}
    </Tag>
  );
}

/** What apiVerify found for one key: usable or not, its permissions, whether an IP is bound, what it holds. */
export function VerifyResult({ pair, result }: { pair: string; result: ApiVerifyResult }) {
  const { t } = useTranslation('credentials');
  const held = result.balances.filter((b) => isPositive(b.total));
  return (
    <Alert
      type={!result.valid ? 'error' : result.hostsBound ? 'success' : 'warning'}
      showIcon
      message={t(result.valid ? 'verify.valid' : 'verify.invalid', { pair })}
      description={
        <Space direction="vertical" size={8} style={{ width: '100%' }}>
          <Typography.Text type="secondary">{result.message}</Typography.Text>
          <Descriptions size="small" column={{ xs: 1, sm: 2, md: 4 }} colon={false}>
            <Descriptions.Item label={t('verify.canRead')}>
              <Check value={result.canRead} unknown={t('verify.unknown')} />
            </Descriptions.Item>
            <Descriptions.Item label={t('verify.canTrade')}>
              <Check value={result.canTrade} unknown={t('verify.notReported')} />
            </Descriptions.Item>
            <Descriptions.Item label={t('verify.hostsBound')}>
              <Check value={result.hostsBound} unknown={t('verify.unknown')} />
            </Descriptions.Item>
            <Descriptions.Item label={t('verify.venue')}>
              <Tag>{result.platformCode}</Tag>
            </Descriptions.Item>
          </Descriptions>
          {held.length > 0 && (
            <Typography.Text type="secondary">
              {t('verify.balances')}{' '}
              {held.map((b) => (
                <Tag key={b.asset} bordered={false}>
                  {b.asset} {formatPlain(b.total)}
                </Tag>
              ))}
            </Typography.Text>
          )}
        </Space>
      }
    />
  );
}
