import { Outlet } from 'react-router-dom';

/** Placeholder shell: replaced by the full layout (sidebar, header, tags view). */
export default function Layout() {
  return (
    <main className="p-4">
      <Outlet />
    </main>
  );
}
