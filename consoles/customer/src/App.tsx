import { Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { SessionProvider } from './app/session';
import { ToastProvider, Loading } from './app/ui';
import { PromptsProvider } from './app/prompts';
import { PlatePanelProvider } from './plate/PlatePanelProvider';
import { Layout } from './app/Layout';
import { ChunkBoundary, lazyArea } from './app/lazy';
import { HomePage } from './pages/HomePage';
import { LoginPage } from './pages/LoginPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { CatalogIndexPage } from './catalog/CatalogIndexPage';
import { VinSearchPage } from './catalog/VinSearchPage';
import { ModelsPage, VehiclesPage } from './catalog/ModelsPage';
import { GroupsPage } from './catalog/GroupsPage';
import { UnitPage } from './catalog/UnitPage';
import { GaragePage } from './garage/GaragePage';
import { PaymentResultPage } from './plans/PaymentResultPage';
import { QuotationPage } from './catalog/QuotationPage';
import { CartPage } from './cart/CartPage';

// spec 000 §2: lazy-loaded areas ProductSearchResult, OemFinder, OemGroups and OemSubstitutions.
const ProductSearchResult = lazyArea(() => import('./products/ProductSearchResult'));
const OemFinder = lazyArea(() => import('./catalog/OemFinder'));

export function App() {
  return (
    <SessionProvider>
      <ToastProvider>
        <PromptsProvider>
          <PlatePanelProvider>
            <Layout>
              <ChunkBoundary>
                <Suspense fallback={<Loading />}>
                  <Routes>
                    <Route path="/" element={<HomePage />} />
                    <Route path="/users/page/login" element={<LoginPage />} />
                    <Route path="/catalogo/page/results" element={<ProductSearchResult />} />
                    <Route path="/catalogo/catalog/v2" element={<CatalogIndexPage />} />
                    <Route path="/catalogo/catalog/v2/search/:VIN" element={<VinSearchPage />} />
                    <Route path="/catalogo/catalog/v2/:oemParams/searchOem" element={<OemFinder />} />
                    <Route path="/catalogo/catalog/v2/:catalogCode" element={<ModelsPage />} />
                    <Route path="/catalogo/catalog/v2/:catalogCode/:modelParams" element={<VehiclesPage />} />
                    <Route path="/catalogo/catalog/v2/:catalogCode/:modelParams/:vehicleParams" element={<GroupsPage />} />
                    <Route path="/catalogo/catalog/v2/:catalogCode/:modelParams/:vehicleParams/:groupParams" element={<UnitPage />} />
                    <Route path="/garaje" element={<GaragePage />} />
                    <Route path="/planes/resultado" element={<PaymentResultPage />} />
                    <Route path="/home/page/cotizacion" element={<QuotationPage />} />
                    <Route path="/cart/page/index/:section" element={<CartPage />} />
                    <Route path="/:prefix/cart/page/index/:section" element={<CartPage />} />
                    <Route path="*" element={<NotFoundPage />} />
                  </Routes>
                </Suspense>
              </ChunkBoundary>
            </Layout>
          </PlatePanelProvider>
        </PromptsProvider>
      </ToastProvider>
    </SessionProvider>
  );
}
