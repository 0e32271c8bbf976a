import { endpoints } from '@makerdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export function deleteAdmin(id: number): Promise<null> {
  return call(endpoints.deleteAdmin, { params: { id } });
}

export function useDeleteAdmin() {
  return useMutation({ mutationFn: deleteAdmin });
}
