import { CheckCircleFilled, ExperimentOutlined, LinkOutlined } from '@ant-design/icons';
import { robotCategories, type RobotCategory, type RobotTypeItem, type RobotTypeKey } from '@makerdesk/contract';
import { Card, Col, Empty, Flex, Row, Segmented, Tag, theme, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localText } from '../config-form/schema-fields';
import '../robots-i18n';

interface RobotTypePickerProps {
  types: RobotTypeItem[];
  selected: RobotTypeKey | null;
  onSelect: (type: RobotTypeItem) => void;
}

/**
 * The bot types by category (common, strategy, AI, risk control), each a card with its name and what it
 * does; within a category the rehearsal types, which run on the simulator only, come apart under their own heading.
 */
export function RobotTypePicker({ types, selected, onSelect }: RobotTypePickerProps) {
  const { t, i18n } = useTranslation('robots');
  const { token } = theme.useToken();
  const lang = i18n.language;
  const selectedCategory = types.find((type) => type.type === selected)?.category;
  const [category, setCategory] = useState<RobotCategory>(selectedCategory ?? types[0]?.category ?? 'common');
  const shown = types.filter((type) => type.category === category);
  const count = (c: RobotCategory) => types.filter((type) => type.category === c).length;
  // Rehearsal types (the server's simulation-only list, DESIGN §8) stand apart from the live strategies.
  const live = shown.filter((type) => !type.simulationOnly);
  const rehearsal = shown.filter((type) => type.simulationOnly);

  /** One group's cards; each group is a radio group of its own, named for what it holds. */
  const cards = (list: RobotTypeItem[], label: string) => (
    <Row gutter={[12, 12]} role="radiogroup" aria-label={label}>
      {list.map((type) => {
        const active = type.type === selected;
        // A simulation-only type on a pair whose key is on a live venue (DESIGN §8): shown, not selectable, with the reason.
        const refused = !type.available;
        const pick = () => !refused && onSelect(type);
        return (
          <Col key={type.type} xs={24} md={12} xl={8} xxl={6}>
            <Card
              size="small"
              hoverable={!refused}
              role="radio"
              aria-checked={active}
              aria-disabled={refused}
              tabIndex={refused ? -1 : 0}
              className={`md-robot-type${active ? ' md-robot-type-active' : ''}${refused ? ' md-robot-type-refused' : ''}`}
              // The theme colour (the user may pick another) marks the type chosen.
              style={active ? { borderColor: token.colorPrimary, boxShadow: `0 0 0 1px ${token.colorPrimary}`, background: token.colorPrimaryBg } : undefined}
              onClick={pick}
              onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && pick()}
              data-type={type.type}
            >
              <Flex justify="space-between" align="start" gap={8}>
                <Typography.Text strong>
                  {active && <CheckCircleFilled style={{ color: token.colorPrimary, marginRight: 6 }} />}
                  {localText({ en: type.name, zh: type.nameZh }, lang)}
                </Typography.Text>
                <Flex gap={4}>
                  {type.follows && (
                    <Tooltip title={t('type.follows')}>
                      <LinkOutlined aria-label={t('type.follows')} className="md-robot-type-icon" />
                    </Tooltip>
                  )}
                  {type.simulationOnly && (
                    <Tooltip title={t('type.simulationOnly.tooltip')}>
                      <Tag color="purple" icon={<ExperimentOutlined />}>
                        {t('type.simulationOnly')}
                      </Tag>
                    </Tooltip>
                  )}
                </Flex>
              </Flex>
              <Typography.Paragraph type="secondary" className="md-robot-type-description" ellipsis={{ rows: 3 }}>
                {localText({ en: type.description, zh: type.descriptionZh }, lang)}
              </Typography.Paragraph>
              {refused && (
                <Typography.Text type="warning" className="md-robot-type-refusal">
                  {t('type.simulationOnly.refused')}
                </Typography.Text>
              )}
            </Card>
          </Col>
        );
      })}
    </Row>
  );

  return (
    <Flex vertical gap={12}>
      <Segmented<RobotCategory>
        value={category}
        onChange={setCategory}
        options={robotCategories.map((c) => ({ value: c, label: `${t(`category.${c}`)} (${count(c)})` }))}
      />
      {shown.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('category.empty')} />
      ) : (
        <>
          {live.length > 0 && cards(live, t(`category.${category}`))}
          {rehearsal.length > 0 && (
            <Flex vertical gap={8} className="md-robot-rehearsal">
              <Flex vertical gap={0}>
                <Typography.Text strong>
                  <ExperimentOutlined /> {t('type.rehearsal.title')}
                </Typography.Text>
                <Typography.Text type="secondary">{t('type.rehearsal.description')}</Typography.Text>
              </Flex>
              {cards(rehearsal, t('type.rehearsal.title'))}
            </Flex>
          )}
        </>
      )}
    </Flex>
  );
}
