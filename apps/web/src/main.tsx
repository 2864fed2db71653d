import { storefrontSubdomain, timings } from '@cardstock/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { createRouter } from './app/router.tsx';
import './styles.css';
import './components.css';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});
const router = createRouter(storefrontSubdomain(window.location.hostname) !== undefined);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<p className="loading">Loading...</p>}>
        <RouterProvider router={router} />
      </Suspense>
      <ToastContainer position="top-right" theme="dark" autoClose={timings.toastAutoCloseMs} />
    </QueryClientProvider>
  </StrictMode>,
);
