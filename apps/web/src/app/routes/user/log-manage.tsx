import { PageContainer } from '@ant-design/pro-components';
import { LoginLogTable } from '@/features/login-logs/components/login-log-table';

export default function LogManagePage() {
  return (
    <PageContainer>
      <LoginLogTable />
    </PageContainer>
  );
}
