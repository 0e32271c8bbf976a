import { PageContainer } from '@ant-design/pro-components';
import { PairAdmin } from '@/features/pairs/components/pair-admin';

/** Pairs and platforms: add a pair on any platform, edit its expiry and status, add a platform. */
export default function PairManagePage() {
  return (
    <PageContainer>
      <PairAdmin />
    </PageContainer>
  );
}
