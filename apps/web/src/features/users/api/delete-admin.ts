import { paths } from '@makerdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { api, fillPath } from '@/lib/api-client';

export function deleteAdmin(id: number): Promise<null> {
  return api.delete(fillPath(paths.adminById, { id }));
}

export function useDeleteAdmin() {
  return useMutation({ mutationFn: deleteAdmin });
}
