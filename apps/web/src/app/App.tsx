// Routes: home in the first chunk; the variant and table pages load on demand.
import { Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';

import { HomePage } from '../features/home/HomePage';
import { Layout } from './Layout';
import { NotFound } from './NotFound';
import { tablePage, variantPage } from './routes';

/** The whole app: layout around the routes of docs/product.md. */
export function App() {
  return (
    <BrowserRouter>
      <Suspense fallback={<div className="loading" aria-busy="true" />}>
        <Layout>
          <Suspense fallback={<div className="loading" aria-busy="true" />}>
            <Routes>
              <Route path="/" element={<HomePage />} />
              <Route path="/variants/:id" element={<variantPage.Page />} />
              <Route path="/t/:id" element={<tablePage.Page />} />
              <Route path="*" element={<NotFound />} />
            </Routes>
          </Suspense>
        </Layout>
      </Suspense>
    </BrowserRouter>
  );
}
