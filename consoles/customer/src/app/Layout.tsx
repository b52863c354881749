import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import {
  AppBar,
  Badge,
  Box,
  Button,
  Container,
  Divider,
  Drawer,
  IconButton,
  Link,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Toolbar,
  Tooltip,
  Typography,
} from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import AccountCircle from '@mui/icons-material/AccountCircle';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import GarageIcon from '@mui/icons-material/Garage';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import HomeIcon from '@mui/icons-material/Home';
import DirectionsCarIcon from '@mui/icons-material/DirectionsCar';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { t } from '@tuerca/contracts';
import { useSession } from './session';
import { useAppParameters } from './appParameters';
import { useQuoteCart } from '../catalog/quoteCart';
import { usePlatePanel } from '../plate/PlatePanelProvider';
import { useCartCount } from '../cart/queries';
import { PURCHASES_PATH } from '../purchases/parts';
import { UnreadBell } from '../purchases/UnreadBell';

function Logo() {
  return (
    <Box
      component={RouterLink}
      to="/"
      sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none' }}
      aria-label={t('customerConsole.home')}
    >
      <Box component="svg" viewBox="0 0 64 64" sx={{ width: 30, height: 30 }} aria-hidden>
        <polygon points="32,4 56,18 56,46 32,60 8,46 8,18" fill="#fff" />
        <circle cx="32" cy="32" r="11" fill="#0d47a1" />
      </Box>
      <Typography variant="h6" component="span" sx={{ fontWeight: 800, letterSpacing: 0.5 }}>
        {t('customerConsole.appName')}
      </Typography>
    </Box>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const { user, isGuest, logout } = useSession();
  const cart = useQuoteCart();
  const plate = usePlatePanel();
  const navigate = useNavigate();
  const [drawer, setDrawer] = useState(false);
  const params = useAppParameters();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const cartCount = cart.reduce((n, e) => n + e.parts.length, 0);
  // The marketplace cart's counter (guests have a cart too).
  const shopping = useCartCount();
  const shoppingCount = shopping.data?.data.cart ?? 0;

  const nav = [
    { to: '/', label: t('customerConsole.home'), icon: <HomeIcon /> },
    { to: '/catalogo/catalog/v2/', label: t('customerConsole.catalogs'), icon: <MenuBookIcon /> },
    { to: '/garaje', label: t('customerConsole.garage'), icon: <GarageIcon /> },
  ];

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Link
        href="#contenido"
        sx={{ position: 'absolute', left: -9999, '&:focus': { left: 8, top: 8, zIndex: 2000, bgcolor: 'background.paper', p: 1 } }}
      >
        {t('customerConsole.skipToContent')}
      </Link>
      <AppBar position="sticky" elevation={1}>
        <Toolbar sx={{ gap: 1 }}>
          <IconButton
            color="inherit"
            edge="start"
            onClick={() => setDrawer(true)}
            aria-label={t('customerConsole.openMenu')}
            sx={{ display: { md: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
          <Logo />
          <Box component="nav" aria-label={t('customerConsole.home')} sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, ml: 3 }}>
            {nav.slice(1).map((n) => (
              <Button key={n.to} color="inherit" component={RouterLink} to={n.to} startIcon={n.icon}>
                {n.label}
              </Button>
            ))}
            <Button color="inherit" startIcon={<DirectionsCarIcon />} onClick={() => plate.open()}>
              {t('plate.searchByPlate')}
            </Button>
          </Box>
          <Box sx={{ flexGrow: 1 }} />
          <Button
            color="inherit"
            component={RouterLink}
            to="/cart/page/index/cart"
            aria-label={t('cart.navCount', { count: shoppingCount })}
            data-testid="header-cart"
            sx={{ minWidth: 0, px: { xs: 1, sm: 1.5 } }}
            startIcon={
              <Badge badgeContent={shoppingCount} color="secondary" data-testid="cart-count">
                <ShoppingCartIcon />
              </Badge>
            }
          >
            <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
              {t('cart.nav')}
            </Box>
          </Button>
          <Tooltip title={t('catalogV2.quoteCart')}>
            <IconButton
              color="inherit"
              component={RouterLink}
              to="/home/page/cotizacion"
              aria-label={`${t('catalogV2.quoteCart')}: ${cartCount}`}
            >
              <Badge badgeContent={cartCount} color="secondary" data-testid="quote-cart-count">
                <RequestQuoteIcon />
              </Badge>
            </IconButton>
          </Tooltip>
          {isGuest ? (
            <Button
              color="inherit"
              variant="outlined"
              component={RouterLink}
              to="/users/page/login"
              sx={{ borderColor: 'rgba(255,255,255,.6)' }}
            >
              {t('customerConsole.login')}
            </Button>
          ) : (
            <>
              <UnreadBell />
              <Button
                color="inherit"
                startIcon={<AccountCircle />}
                onClick={(e) => setAnchor(e.currentTarget)}
                aria-haspopup="menu"
                aria-label={`${t('customerConsole.account')}: ${user.name ?? user.email ?? ''}`}
                data-testid="account-button"
              >
                <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                  {user.name ?? user.email}
                </Box>
              </Button>
              <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
                <MenuItem disabled>{user.email}</MenuItem>
                <MenuItem
                  onClick={() => {
                    setAnchor(null);
                    navigate('/garaje');
                  }}
                >
                  {t('customerConsole.garage')}
                </MenuItem>
                <MenuItem
                  onClick={() => {
                    setAnchor(null);
                    navigate(PURCHASES_PATH);
                  }}
                >
                  {t('purchases.title')}
                </MenuItem>
                <MenuItem
                  onClick={() => {
                    setAnchor(null);
                    navigate('/users/page/direcciones');
                  }}
                >
                  {t('addresses.title')}
                </MenuItem>
                <MenuItem
                  onClick={() => {
                    setAnchor(null);
                    navigate('/users/page/agenda');
                  }}
                >
                  {t('agenda.title')}
                </MenuItem>
                <MenuItem
                  onClick={() => {
                    setAnchor(null);
                    navigate('/users/page/preguntas');
                  }}
                >
                  {t('questions.myQuestions')}
                </MenuItem>
                <MenuItem
                  onClick={async () => {
                    setAnchor(null);
                    await logout();
                    navigate('/');
                  }}
                >
                  {t('customerConsole.logout')}
                </MenuItem>
              </Menu>
            </>
          )}
        </Toolbar>
      </AppBar>
      <Drawer open={drawer} onClose={() => setDrawer(false)}>
        <Box sx={{ width: 260 }} role="navigation" onClick={() => setDrawer(false)}>
          <Box sx={{ p: 2, bgcolor: 'primary.main', color: 'primary.contrastText' }}>
            <Typography variant="h6">{t('customerConsole.appName')}</Typography>
            <Typography variant="body2">
              {isGuest ? t('customerConsole.guest') : t('customerConsole.hello', { name: user.name ?? '' })}
            </Typography>
          </Box>
          <List>
            {nav.map((n) => (
              <ListItemButton key={n.to} component={RouterLink} to={n.to}>
                <ListItemIcon>{n.icon}</ListItemIcon>
                <ListItemText primary={n.label} />
              </ListItemButton>
            ))}
            <ListItemButton onClick={() => plate.open()}>
              <ListItemIcon>
                <DirectionsCarIcon />
              </ListItemIcon>
              <ListItemText primary={t('plate.searchByPlate')} />
            </ListItemButton>
            <ListItemButton component={RouterLink} to="/cart/page/index/cart" data-testid="menu-cart">
              <ListItemIcon>
                <Badge badgeContent={shoppingCount} color="secondary">
                  <ShoppingCartIcon />
                </Badge>
              </ListItemIcon>
              <ListItemText primary={t('cart.nav')} secondary={t('cart.navCount', { count: shoppingCount })} />
            </ListItemButton>
            {isGuest ? null : (
              <ListItemButton component={RouterLink} to={PURCHASES_PATH}>
                <ListItemIcon>
                  <ReceiptLongIcon />
                </ListItemIcon>
                <ListItemText primary={t('purchases.title')} />
              </ListItemButton>
            )}
            <ListItemButton component={RouterLink} to="/home/page/cotizacion">
              <ListItemIcon>
                <RequestQuoteIcon />
              </ListItemIcon>
              <ListItemText primary={t('catalogV2.quoteCart')} />
            </ListItemButton>
          </List>
          <Divider />
        </Box>
      </Drawer>
      {/* At least a screen tall: the footer starts below the fold, so content arriving later never pushes it (CLS). */}
      <Box component="main" id="contenido" tabIndex={-1} sx={{ flexGrow: 1, minHeight: '100vh', outline: 'none' }}>
        <Container maxWidth="lg" sx={{ py: { xs: 2, md: 3 }, px: { xs: 1.5, sm: 3 } }}>
          {children}
        </Container>
      </Box>
      <Box component="footer" sx={{ py: 2, textAlign: 'center', color: 'text.secondary', fontSize: 13 }}>
        {t('customerConsole.appName')} · {t('customerConsole.tagline')}
        {/* spec 000 §2: "Links 'add to quote list' and 'become a provider' appear only outside virtual stores." */}
        {params && !params.isVirtualStore ? (
          <>
            {' · '}
            <Link component={RouterLink} to="/info/proveedores-autopartes" color="inherit">
              {t('joinSuppliers.sellLink')}
            </Link>
          </>
        ) : null}
      </Box>
    </Box>
  );
}
