import { Route, Routes } from 'react-router';
import { DashboardScreen } from './screens/DashboardScreen.tsx';
import { LoginScreen } from './screens/LoginScreen.tsx';
import { ResetPasswordScreen } from './screens/ResetPasswordScreen.tsx';
import { useSession } from './state/session.ts';

/** The main app: the dashboard when signed in, the sign-in screen otherwise. */
function MainApp() {
  const { user } = useSession();
  return user ? <DashboardScreen user={user} /> : <LoginScreen />;
}

export function App() {
  return (
    <Routes>
      <Route path="/reset-password" element={<ResetPasswordScreen />} />
      <Route path="*" element={<MainApp />} />
    </Routes>
  );
}
