import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './app/queryClient';
import { Route, Routes } from 'react-router';
import { SessionProvider } from './app/session';
import { ToastProvider } from './app/ui';
import { PromptsProvider } from './app/prompts';
import { PlatePanelProvider } from './plate/PlatePanelProvider';
import { Layout } from './app/Layout';
import { Screen } from './app/errors';
import { lazyArea, lazyPage } from './app/lazy';
import { HomePage } from './pages/HomePage';

// spec 000 §2: lazy-loaded areas ProductSearchResult, OemFinder, OemGroups and OemSubstitutions. Every other
// page is its own chunk too, so the first load carries the home page only.
const ProductSearchResult = lazyArea(() => import('./products/ProductSearchResult'));
const OemFinder = lazyArea(() => import('./catalog/OemFinder'));
const LoginPage = lazyPage(() => import('./pages/LoginPage'), 'LoginPage');
const VerifyEmailPage = lazyPage(() => import('./pages/VerifyEmailPage'), 'VerifyEmailPage');
const NotFoundPage = lazyPage(() => import('./pages/NotFoundPage'), 'NotFoundPage');
const CatalogIndexPage = lazyPage(() => import('./catalog/CatalogIndexPage'), 'CatalogIndexPage');
const VinSearchPage = lazyPage(() => import('./catalog/VinSearchPage'), 'VinSearchPage');
const ModelsPage = lazyPage(() => import('./catalog/ModelsPage'), 'ModelsPage');
const VehiclesPage = lazyPage(() => import('./catalog/ModelsPage'), 'VehiclesPage');
const GroupsPage = lazyPage(() => import('./catalog/GroupsPage'), 'GroupsPage');
const UnitPage = lazyPage(() => import('./catalog/UnitPage'), 'UnitPage');
const OldCatalogsPage = lazyPage(() => import('./catalog/old/OldCataloguePages'), 'OldCatalogsPage');
const OldVinSearchPage = lazyPage(() => import('./catalog/old/OldCataloguePages'), 'OldVinSearchPage');
const OldModelsPage = lazyPage(() => import('./catalog/old/OldCataloguePages'), 'OldModelsPage');
const OldCarsPage = lazyPage(() => import('./catalog/old/OldCataloguePages'), 'OldCarsPage');
const OldGroupsPage = lazyPage(() => import('./catalog/old/OldCataloguePages'), 'OldGroupsPage');
const OldPartsPage = lazyPage(() => import('./catalog/old/OldCataloguePages'), 'OldPartsPage');
const GaragePage = lazyPage(() => import('./garage/GaragePage'), 'GaragePage');
const PaymentResultPage = lazyPage(() => import('./plans/PaymentResultPage'), 'PaymentResultPage');
const QuoteRequestPage = lazyPage(() => import('./quote-request/QuoteRequestPage'), 'QuoteRequestPage');
const CartPage = lazyPage(() => import('./cart/CartPage'), 'CartPage');
const CheckoutPage = lazyPage(() => import('./cart/CheckoutPage'), 'CheckoutPage');
const PurchasesPage = lazyPage(() => import('./purchases/PurchasesPage'), 'PurchasesPage');
const PurchaseDetailPage = lazyPage(() => import('./purchases/PurchaseDetailPage'), 'PurchaseDetailPage');
const PurchaseResultPage = lazyPage(() => import('./purchases/PurchaseResultPage'), 'PurchaseResultPage');
const AddressesPage = lazyPage(() => import('./addresses/AddressesPage'), 'AddressesPage');
const RateStorePage = lazyPage(() => import('./ratings/RateStorePage'), 'RateStorePage');
const AgendaPage = lazyPage(() => import('./agenda/AgendaPage'), 'AgendaPage');
const JoinSupplierPage = lazyPage(() => import('./suppliers/JoinSupplierPage'), 'JoinSupplierPage');
const InvitationPage = lazyPage(() => import('./suppliers/InvitationPage'), 'InvitationPage');
const MyQuestionsPage = lazyPage(() => import('./questions/MyQuestionsPage'), 'MyQuestionsPage');

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <ToastProvider>
          <PromptsProvider>
            <PlatePanelProvider>
              <Layout>
                {/* Each screen has its own error boundary (app/errors.tsx), reset when the route changes. */}
                <Routes>
                  <Route
                    path="/"
                    element={
                      <Screen>
                        <HomePage />
                      </Screen>
                    }
                  />
                  <Route
                    path="/users/page/login"
                    element={
                      <Screen>
                        <LoginPage />
                      </Screen>
                    }
                  />
                  <Route
                    path="/users/page/verificar"
                    element={
                      <Screen>
                        <VerifyEmailPage />
                      </Screen>
                    }
                  />
                  <Route
                    path="/catalogo/page/results"
                    element={
                      <Screen>
                        <ProductSearchResult />
                      </Screen>
                    }
                  />
                  <Route
                    path="/catalogo/catalog/v2"
                    element={
                      <Screen>
                        <CatalogIndexPage />
                      </Screen>
                    }
                  />
                  <Route
                    path="/catalogo/catalog/v2/search/:VIN"
                    element={
                      <Screen>
                        <VinSearchPage />
                      </Screen>
                    }
                  />
                  <Route
                    path="/catalogo/catalog/v2/:oemParams/searchOem"
                    element={
                      <Screen>
                        <OemFinder />
                      </Screen>
                    }
                  />
                  <Route
                    path="/catalogo/catalog/v2/:catalogCode"
                    element={
                      <Screen>
                        <ModelsPage />
                      </Screen>
                    }
                  />
                  <Route
                    path="/catalogo/catalog/v2/:catalogCode/:modelParams"
                    element={
                      <Screen>
                        <VehiclesPage />
                      </Screen>
                    }
                  />
                  <Route
                    path="/catalogo/catalog/v2/:catalogCode/:modelParams/:vehicleParams"
                    element={
                      <Screen>
                        <GroupsPage />
                      </Screen>
                    }
                  />
                  <Route
                    path="/catalogo/catalog/v2/:catalogCode/:modelParams/:vehicleParams/:groupParams"
                    element={
                      <Screen>
                        <UnitPage />
                      </Screen>
                    }
                  />
                  {/* The old-generation catalogue (001 §2 "Old catalogue routes"). */}
                  <Route
                    path="/catalogo/catalog/index"
                    element={
                      <Screen>
                        <OldCatalogsPage />
                      </Screen>
                    }
                  />
                  <Route
                    path="/catalogo/catalog/index/search/:VIN"
                    element={
                      <Screen>
                        <OldVinSearchPage />
                      </Screen>
                    }
                  />
                  <Route
                    path="/catalogo/catalog/index/:catalogId"
                    element={
                      <Screen>
                        <OldModelsPage />
                      </Screen>
                    }
                  />
                  <Route
                    path="/catalogo/catalog/index/:catalogId/:modelId"
                    element={
                      <Screen>
                        <OldCarsPage />
                      </Screen>
                    }
                  />
                  <Route
                    path="/catalogo/catalog/index/:catalogId/:modelId/:carId"
                    element={
                      <Screen>
                        <OldGroupsPage />
                      </Screen>
                    }
                  />
                  <Route
                    path="/catalogo/catalog/index/:catalogId/:modelId/:carId/:subGroupId"
                    element={
                      <Screen>
                        <OldPartsPage />
                      </Screen>
                    }
                  />
                  <Route
                    path="/garaje"
                    element={
                      <Screen>
                        <GaragePage />
                      </Screen>
                    }
                  />
                  <Route
                    path="/users/page/direcciones"
                    element={
                      <Screen>
                        <AddressesPage />
                      </Screen>
                    }
                  />
                  <Route
                    path="/users/page/agenda"
                    element={
                      <Screen>
                        <AgendaPage />
                      </Screen>
                    }
                  />
                  {/* spec 000 §2: '/info/proveedores-autopartes' (join as supplier), '/info/quiero-vender' (join as provider). */}
                  {['/info/proveedores-autopartes', '/info/quiero-vender'].map((path) => (
                    <Route
                      key={path}
                      path={path}
                      element={
                        <Screen>
                          <JoinSupplierPage />
                        </Screen>
                      }
                    />
                  ))}
                  <Route
                    path="/users/page/invitacion"
                    element={
                      <Screen>
                        <InvitationPage />
                      </Screen>
                    }
                  />
                  <Route
                    path="/users/page/preguntas"
                    element={
                      <Screen>
                        <MyQuestionsPage />
                      </Screen>
                    }
                  />
                  <Route
                    path="/planes/resultado"
                    element={
                      <Screen>
                        <PaymentResultPage />
                      </Screen>
                    }
                  />
                  <Route
                    path="/home/page/cotizacion"
                    element={
                      <Screen>
                        <QuoteRequestPage />
                      </Screen>
                    }
                  />
                  <Route
                    path="/compras/calificar/:scoreId"
                    element={
                      <Screen>
                        <RateStorePage />
                      </Screen>
                    }
                  />
                  <Route
                    path="/cart/page/index/:section"
                    element={
                      <Screen>
                        <CartPage />
                      </Screen>
                    }
                  />
                  <Route
                    path="/cart/page/checkout"
                    element={
                      <Screen>
                        <CheckoutPage />
                      </Screen>
                    }
                  />
                  <Route
                    path="/compras"
                    element={
                      <Screen>
                        <PurchasesPage />
                      </Screen>
                    }
                  />
                  <Route
                    path="/compras/resultado"
                    element={
                      <Screen>
                        <PurchaseResultPage />
                      </Screen>
                    }
                  />
                  <Route
                    path="/compras/:id"
                    element={
                      <Screen>
                        <PurchaseDetailPage />
                      </Screen>
                    }
                  />
                  <Route
                    path="/:prefix/cart/page/index/:section"
                    element={
                      <Screen>
                        <CartPage />
                      </Screen>
                    }
                  />
                  <Route
                    path="*"
                    element={
                      <Screen>
                        <NotFoundPage />
                      </Screen>
                    }
                  />
                </Routes>
              </Layout>
            </PlatePanelProvider>
          </PromptsProvider>
        </ToastProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}
