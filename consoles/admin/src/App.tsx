import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { Admin, Resource, defaultTheme, type RaThemeOptions } from 'react-admin';
import PeopleIcon from '@mui/icons-material/People';
import PaymentsIcon from '@mui/icons-material/Payments';
import TuneIcon from '@mui/icons-material/Tune';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import InsightsIcon from '@mui/icons-material/Insights';
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import StorefrontIcon from '@mui/icons-material/Storefront';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import OutboxIcon from '@mui/icons-material/Outbox';
import { authProvider } from './authProvider';
import { dataProvider } from './dataProvider';
import { i18nProvider } from './i18n';
import { Dashboard } from './dashboard/Dashboard';
import { UserCreate, UserEdit, UserList, UserShow } from './resources/users';
import {
  AppParameterEdit,
  AppParameterList,
  AppParameterShow,
  BalanceCreate,
  BalanceList,
  BalanceShow,
  BillingMetricList,
  ChargingPlanCreate,
  ChargingPlanEdit,
  ChargingPlanList,
  ChargingPlanShow,
} from './resources/billing';
import { ErrorReportList, ErrorReportShow, SearchAnalyticsList } from './resources/catalog';
import {
  ProductEdit,
  ProductImportCreate,
  ProductImportList,
  ProductImportShow,
  ProductList,
  ProductShow,
  QuotationList,
  QuotationShow,
  StoreCreate,
  StoreEdit,
  StoreList,
} from './resources/marketplace';
import { NotificationList, NotificationShow, notificationRepresentation } from './resources/notifications';

const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: { primary: { main: '#1f3b57' }, secondary: { main: '#f2a900' } },
  sidebar: { width: 240, closedWidth: 55 },
};

/** The operator console: /admin/ in the browser, /admin-api/* on the server (ra-data-simple-rest). */
export function App() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/admin/*" element={<Console />} />
      </Routes>
    </BrowserRouter>
  );
}

function Console() {
  return (
    <Admin
      basename="/admin"
      title="Tuerca · Consola de operación"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      dashboard={Dashboard}
      theme={theme}
      requireAuth
      disableTelemetry
    >
      <Resource
        name="users"
        list={UserList}
        show={UserShow}
        edit={UserEdit}
        create={UserCreate}
        icon={PeopleIcon}
        recordRepresentation="email"
      />
      <Resource
        name="charging-plans"
        list={ChargingPlanList}
        edit={ChargingPlanEdit}
        create={ChargingPlanCreate}
        show={ChargingPlanShow}
        icon={PaymentsIcon}
        recordRepresentation="title"
      />
      <Resource
        name="app-parameters"
        list={AppParameterList}
        edit={AppParameterEdit}
        show={AppParameterShow}
        icon={TuneIcon}
        recordRepresentation="name"
      />
      <Resource name="consultation-balances" list={BalanceList} show={BalanceShow} create={BalanceCreate} icon={AccountBalanceWalletIcon} />
      <Resource name="billing-metrics" list={BillingMetricList} icon={InsightsIcon} recordRepresentation="day" />
      <Resource name="catalog-error-reports" list={ErrorReportList} show={ErrorReportShow} icon={ReportProblemIcon} />
      <Resource name="search-analytics" list={SearchAnalyticsList} icon={ManageSearchIcon} recordRepresentation="query" />
      <Resource name="stores" list={StoreList} edit={StoreEdit} create={StoreCreate} icon={StorefrontIcon} recordRepresentation="name" />
      <Resource
        name="products"
        list={ProductList}
        edit={ProductEdit}
        show={ProductShow}
        icon={Inventory2Icon}
        recordRepresentation="title"
      />
      <Resource name="quotations" list={QuotationList} show={QuotationShow} icon={RequestQuoteIcon} />
      <Resource
        name="product-imports"
        list={ProductImportList}
        show={ProductImportShow}
        create={ProductImportCreate}
        icon={UploadFileIcon}
        recordRepresentation="fileName"
      />
      <Resource
        name="notifications"
        list={NotificationList}
        show={NotificationShow}
        icon={OutboxIcon}
        recordRepresentation={notificationRepresentation}
      />
    </Admin>
  );
}
