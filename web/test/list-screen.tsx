import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ListScreen } from '../features/lists/ListScreen.tsx';

/** The list screen at `path`, under its route as the app has it (the id comes from the URL). */
export function renderListScreen(path = '/lists/l1') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/lists/:id" element={<ListScreen />} />
      </Routes>
    </MemoryRouter>,
  );
}
