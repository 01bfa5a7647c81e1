export { fetchAdminContacts } from './admin-api.ts';
