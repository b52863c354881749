import { BrowserRouter, Route, Routes } from 'react-router-dom';
import {
  Admin,
  AppBar,
  CustomRoutes,
  LoadingIndicator,
  Layout,
  Menu,
  Resource,
  defaultTheme,
  useBasename,
  useGetIdentity,
  type LayoutProps,
  type RaThemeOptions,
} from 'react-admin';
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
import ReportGmailerrorredIcon from '@mui/icons-material/ReportGmailerrorred';
import ApiIcon from '@mui/icons-material/Api';
import SendIcon from '@mui/icons-material/Send';
import StarIcon from '@mui/icons-material/Star';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import PriceCheckIcon from '@mui/icons-material/PriceCheck';
import AssignmentReturnIcon from '@mui/icons-material/AssignmentReturn';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import InboxIcon from '@mui/icons-material/Inbox';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import ChecklistIcon from '@mui/icons-material/Checklist';
import SellIcon from '@mui/icons-material/Sell';
import HubIcon from '@mui/icons-material/Hub';
import QuestionAnswerIcon from '@mui/icons-material/QuestionAnswer';
import { authProvider } from './authProvider';
import { dataProvider } from './dataProvider';
import { i18nProvider } from './i18n';
import { Dashboard } from './dashboard/Dashboard';
import { SellerBell } from './dashboard/SellerBell';
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
import { ErrorReportList, ErrorReportShow } from './resources/catalog';
import { SearchAnalyticsList } from './resources/analytics';
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
import {
  StoreApiClientCreate,
  StoreApiClientEdit,
  StoreApiClientList,
  StoreApiClientShow,
  StoreApiDeliveryList,
  StoreApiDeliveryShow,
  StoreRatingList,
  StoreRatingShow,
} from './resources/store-api';
import { SupplierApplicationList, SupplierApplicationShow } from './resources/suppliers';
import { QuoteRequestList, QuoteRequestShow } from './resources/quote-requests';
import { DeadLetterList, DeadLetterShow, deadLetterRepresentation } from './resources/dead-letters';
import { QuestionList, QuestionShow } from './resources/questions';
import { AdviserQueue, TransactionList, TransactionPaidList, TransactionReturnList, TransactionShow } from './resources/closing';
import { ChannelListingList, ChannelListingShow, ChannelStoreList, ChannelStoreShow, ChannelsPage } from './resources/integrations';

/** The menu: the resources the person may use, and the adviser's queue for advisers. */
function ConsoleMenu() {
  const { identity } = useGetIdentity();
  const basename = useBasename();
  const roles = (identity?.roles as string[] | undefined) ?? [];
  const adviser = roles.includes('adviser');
  // A store's own channels (MercadoLibre, Google Merchant Center): its sellers and store admins.
  const storeSeller = Boolean(identity?.storeId) && roles.some((r) => r === 'seller' || r === 'store_admin');
  return (
    <Menu>
      <Menu.DashboardItem />
      {adviser && <Menu.Item to={`${basename}/adviser-queue`} primaryText="tuerca.closing.queue" leftIcon={<InboxIcon />} />}
      {storeSeller && <Menu.Item to={`${basename}/channels`} primaryText="tuerca.channels.menu" leftIcon={<HubIcon />} />}
      <Menu.ResourceItems />
    </Menu>
  );
}

/** The app bar: a store's sellers get the wallet's unread bell beside the loading indicator. */
function ConsoleAppBar() {
  return (
    <AppBar
      toolbar={
        <>
          <SellerBell />
          <LoadingIndicator />
        </>
      }
    />
  );
}

function ConsoleLayout(props: LayoutProps) {
  return <Layout {...props} menu={ConsoleMenu} appBar={ConsoleAppBar} />;
}

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
      layout={ConsoleLayout}
      theme={theme}
      requireAuth
      disableTelemetry
    >
      <CustomRoutes>
        <Route path="/adviser-queue" element={<AdviserQueue />} />
        <Route path="/channels" element={<ChannelsPage />} />
      </CustomRoutes>
      <Resource name="transactions" list={TransactionList} show={TransactionShow} icon={ReceiptLongIcon} recordRepresentation="ref_venta" />
      <Resource name="transaction-paid" list={TransactionPaidList} icon={PriceCheckIcon} />
      <Resource name="transaction-returns" list={TransactionReturnList} icon={AssignmentReturnIcon} />
      <Resource name="advisers" icon={SupportAgentIcon} recordRepresentation="email" />
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
      <Resource name="quote-requests" list={QuoteRequestList} show={QuoteRequestShow} icon={ChecklistIcon} recordRepresentation="vehicle" />
      <Resource
        name="supplier-applications"
        list={SupplierApplicationList}
        show={SupplierApplicationShow}
        icon={HowToRegIcon}
        recordRepresentation="company"
      />
      <Resource
        name="product-questions"
        list={QuestionList}
        show={QuestionShow}
        icon={QuestionAnswerIcon}
        recordRepresentation="questionText"
      />
      <Resource
        name="product-imports"
        list={ProductImportList}
        show={ProductImportShow}
        create={ProductImportCreate}
        icon={UploadFileIcon}
        recordRepresentation="fileName"
      />
      <Resource
        name="store-api-clients"
        list={StoreApiClientList}
        show={StoreApiClientShow}
        create={StoreApiClientCreate}
        edit={StoreApiClientEdit}
        icon={ApiIcon}
        recordRepresentation="name"
      />
      <Resource
        name="store-api-deliveries"
        list={StoreApiDeliveryList}
        show={StoreApiDeliveryShow}
        icon={SendIcon}
        recordRepresentation="refVenta"
      />
      <Resource name="store-ratings" list={StoreRatingList} show={StoreRatingShow} icon={StarIcon} recordRepresentation="refVenta" />
      <Resource
        name="notifications"
        list={NotificationList}
        show={NotificationShow}
        icon={OutboxIcon}
        recordRepresentation={notificationRepresentation}
      />
      <Resource name="channel-stores" list={ChannelStoreList} show={ChannelStoreShow} icon={HubIcon} recordRepresentation="name" />
      <Resource name="channel-listings" list={ChannelListingList} show={ChannelListingShow} icon={SellIcon} recordRepresentation="title" />
      <Resource
        name="dead-letters"
        list={DeadLetterList}
        show={DeadLetterShow}
        icon={ReportGmailerrorredIcon}
        recordRepresentation={deadLetterRepresentation}
      />
    </Admin>
  );
}
