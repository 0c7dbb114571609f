import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import dayjs from 'dayjs';
import 'dayjs/locale/vi';
import { keepMeasureRowsInert } from './core/a11y/inert-measure-rows';
import { configureApiClient } from './core/api/api-client';
import { createQueryClient } from './core/api/query-client';
import { AppProviders } from './app/providers';
import { layoutStore } from './app/layout-settings';
import { createAppRouter } from './app/router';
import './app/global.css';

dayjs.locale('vi');

const queryClient = createQueryClient();
const router = createAppRouter();

configureApiClient({
  unauthorized: (loginPath) => {
    // Local storage was cleared (spec §8): forget cached layout choices and every query.
    layoutStore.reload();
    void router.navigate(loginPath, { replace: true }).then(() => queryClient.clear());
  },
});

keepMeasureRowsInert();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
