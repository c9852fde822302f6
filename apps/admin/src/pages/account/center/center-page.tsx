import { EnvironmentOutlined, MailOutlined, PhoneOutlined, UserOutlined } from '@ant-design/icons';
import { PageContainer, ProCard } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Button, Divider, Empty, List, Space, Tag, Typography } from 'antd';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { ExceptionPanel } from '../../../components/exception-panel.tsx';
import { PageLoading } from '../../../components/page-loading.tsx';
import { AuditSentence } from '../../../features/audit/audit-sentence.tsx';
import { accountQuery, activityQuery, regionLabel, regionsQuery } from '../../../features/account/queries.ts';

/**
 * The account center: who the member is (avatar, name, role, profile, contact, where they are) and their own
 * latest changes to the shop, from the audit log.
 */
export default function CenterPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const account = useQuery(accountQuery);
  const activity = useQuery(activityQuery);
  const regions = useQuery(regionsQuery(intl.locale));
  const t = (id: string) => intl.formatMessage({ id });

  if (account.isPending) return <PageLoading />;
  if (account.isError) return <ExceptionPanel status="500" onRetry={() => void account.refetch()} />;
  const member = account.data;
  const place = regionLabel(regions.data, member.country, member.province);

  return (
    <PageContainer title={t('menu.account.center')}>
      <div className="admin-center">
        <ProCard className="admin-center-profile">
          <div className="admin-center-identity">
            <Avatar size={104} src={member.avatar || undefined} icon={<UserOutlined />} alt="" />
            <Typography.Title level={2} className="admin-center-name">
              {member.nickname || member.email}
            </Typography.Title>
            <Tag {...(member.role === 'admin' && { color: 'blue' })}>{t(`account.role.${member.role}`)}</Tag>
            <Typography.Paragraph className="admin-center-bio">
              {member.bio || (
                <Typography.Text type="secondary">{t('account.center.no-profile')}</Typography.Text>
              )}
            </Typography.Paragraph>
          </div>
          <Divider />
          <Space direction="vertical" size="small">
            <span>
              <MailOutlined aria-hidden /> {member.email}
            </span>
            <span>
              <PhoneOutlined aria-hidden /> {member.phone || t('account.center.no-phone')}
            </span>
            <span>
              <EnvironmentOutlined aria-hidden />{' '}
              {[place, member.street].filter(Boolean).join(' · ') || t('account.center.no-address')}
            </span>
            <Typography.Text type="secondary">
              {intl.formatMessage(
                { id: 'account.center.since' },
                { date: intl.formatDate(member.createdAt, { dateStyle: 'long' }) },
              )}
            </Typography.Text>
          </Space>
          <Divider />
          <Button block onClick={() => void navigate('/account/settings')}>
            {t('account.center.edit')}
          </Button>
        </ProCard>
        <ProCard
          title={<h2 className="admin-card-title">{t('account.center.activity')}</h2>}
          className="admin-center-activity"
        >
          {activity.isError ? (
            <ExceptionPanel status="500" onRetry={() => void activity.refetch()} />
          ) : (
            <List
              loading={activity.isPending}
              dataSource={activity.data?.data ?? []}
              locale={{ emptyText: <Empty description={t('account.center.no-activity')} /> }}
              renderItem={(entry) => (
                <List.Item>
                  <List.Item.Meta
                    title={<AuditSentence entry={entry} staffPages={member.role === 'admin'} />}
                    description={intl.formatDate(entry.at, { dateStyle: 'medium', timeStyle: 'short' })}
                  />
                </List.Item>
              )}
            />
          )}
        </ProCard>
      </div>
    </PageContainer>
  );
}
