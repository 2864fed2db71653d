import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Footer } from '../components/Footer.tsx';
import { Header } from '../components/Header.tsx';
import { MaintenanceBanner } from '../components/MaintenanceBanner.tsx';
import { SessionEndedRedirect } from '../components/SessionEndedRedirect.tsx';
import { SuspendedBanner } from '../components/SuspendedBanner.tsx';

/** Header and footer on every page except the public shop pages under /shop/ (spec 001 §2.12). */
export function Layout() {
  const { pathname } = useLocation();
  const bare = pathname.startsWith('/shop/');
  return (
    <div className="app-shell">
      {!bare && <Header />}
      <main className={bare ? 'main-bare' : 'main'}>
        <MaintenanceBanner />
        <SessionEndedRedirect />
        <SuspendedBanner />
        <Suspense fallback={<p className="loading">Loading...</p>}>
          <Outlet />
        </Suspense>
      </main>
      {!bare && <Footer />}
    </div>
  );
}
