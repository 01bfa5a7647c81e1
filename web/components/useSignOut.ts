import { useNavigate } from 'react-router';
import { logout } from '../api/auth.ts';

/** Signs out and goes to the sign-in screen (the header's Logout and the list's "..." menu). */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  return async () => {
    await logout().catch(() => undefined);
    // To the sign-in screen: signed out, the URL of a public list would show its read-only view.
    navigate('/', { replace: true });
  };
}
