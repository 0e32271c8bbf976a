import { ProCard } from '@ant-design/pro-components';
import type { RobotDto, RobotTypeItem } from '@makerdesk/contract';
import { Alert, Button, Empty, Flex, Skeleton, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTrading } from '@/market-data/components/trading-context';
import { useRobotTypes } from '../api/get-robot-types';
import { localText } from '../config-form/schema-fields';
import { RobotDetailDrawer } from './robot-detail-drawer';
import { RobotForm } from './robot-form';
import { RobotList } from './robot-list';
import { RobotTypePicker } from './robot-type-picker';
import '../robots.css';
import '../robots-i18n';

/** Bot deployment (/robot): choose a type, set it up from its schema, deploy; the pair's bots below. */
export function RobotDeployment() {
  const { t, i18n } = useTranslation('robots');
  const { pair } = useTrading();
  const types = useRobotTypes(pair.coinId);
  const [chosen, setChosen] = useState<RobotTypeItem | null>(null);
  const [editing, setEditing] = useState<RobotDto | null>(null);
  const [details, setDetails] = useState<number | null>(null);
  const formRef = useRef<HTMLDivElement>(null);
  const list = types.data ?? [];
  const name = (type: RobotTypeItem) => localText({ en: type.name, zh: type.nameZh }, i18n.language);

  const choose = (type: RobotTypeItem) => {
    setEditing(null);
    setChosen(type);
  };
  const edit = (robot: RobotDto) => {
    const type = list.find((ty) => ty.type === robot.type);
    if (!type) return;
    setChosen(type);
    setEditing(robot);
    formRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  };

  return (
    <Flex vertical gap={16} className="md-robots">
      <ProCard title={t('deploy.title')} subTitle={t('deploy.subtitle', { pair: pair.name })} className="md-robot-deploy">
        {types.isLoading ? (
          <Skeleton active />
        ) : types.isError ? (
          <Alert type="error" showIcon message={t('deploy.loadFailed')} />
        ) : (
          <RobotTypePicker types={list} selected={chosen?.type ?? null} onSelect={choose} />
        )}
      </ProCard>
      <div ref={formRef}>
        <ProCard
          title={chosen ? (editing ? t('deploy.editing', { id: String(editing.id), name: name(chosen) }) : t('deploy.newBot', { name: name(chosen) })) : t('form.label')}
          extra={editing && <Button onClick={() => setEditing(null)}>{t('deploy.cancelEdit')}</Button>}
          className="md-robot-form-card"
        >
          {chosen ? (
            <>
              <Typography.Paragraph type="secondary">{localText({ en: chosen.description, zh: chosen.descriptionZh }, i18n.language)}</Typography.Paragraph>
              {!chosen.available && <Alert type="warning" showIcon className="md-robot-refused" message={t('type.simulationOnly.refused')} style={{ marginBottom: 16 }} />}
              <RobotForm key={`${chosen.type}-${editing?.id ?? 'new'}`} type={chosen} editing={editing} onSaved={() => setEditing(null)} />
            </>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('deploy.choose')} />
          )}
        </ProCard>
      </div>
      <RobotList types={list} onEdit={edit} onDetails={(robot) => setDetails(robot.id)} />
      <RobotDetailDrawer robotId={details} types={list} onClose={() => setDetails(null)} />
    </Flex>
  );
}
