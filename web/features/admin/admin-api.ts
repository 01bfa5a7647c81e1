import type {
  AdminContactsResponse,
  AdminServerResponse,
  AdminUserResponse,
  AdminUsersResponse,
  AdminUserView,
} from '../../../common/schemas/admin.ts';
import { api, newIdempotencyKey } from '../../core/net/client.ts';

/** The administrators' calls (docs/api.md "Administration"). */

const userPath = (id: string) => `/admin/users/${encodeURIComponent(id)}`;

export function fetchAdminContacts(): Promise<AdminContactsResponse> {
  return api<AdminContactsResponse>('/admin/contacts');
}

export function fetchServerFacts(): Promise<AdminServerResponse> {
  return api<AdminServerResponse>('/admin/server');
}

export function fetchUsers(after: string | null): Promise<AdminUsersResponse> {
  return api<AdminUsersResponse>(`/admin/users${after === null ? '' : `?after=${encodeURIComponent(after)}`}`);
}

async function userAction(path: string, method: 'PUT' | 'POST', body?: unknown): Promise<AdminUserView> {
  return (await api<AdminUserResponse>(path, { method, body, idempotencyKey: newIdempotencyKey() })).user;
}

export const setAiAccess = (id: string, canUseAi: boolean) => userAction(`${userPath(id)}/ai`, 'PUT', { can_use_ai: canUseAi });
export const setDisabled = (id: string, disabled: boolean) => userAction(`${userPath(id)}/disabled`, 'PUT', { disabled });
export const confirmAddress = (id: string) => userAction(`${userPath(id)}/confirm-email`, 'POST');

export async function deleteUser(user: AdminUserView): Promise<void> {
  await api(userPath(user.id), { method: 'DELETE', body: { email: user.email }, idempotencyKey: newIdempotencyKey() });
}
