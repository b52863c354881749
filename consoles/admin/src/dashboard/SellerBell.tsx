import { useState } from 'react';
import { useGetIdentity, useGetList, useNotify, useRedirect, useTranslate, type RaRecord } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Divider, IconButton, ListItemText, ListSubheader, Menu, MenuItem, Tooltip } from '@mui/material';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { closingRoutes, formatCents, type AdminTransaction, type ReturnView, type WalletIndicators } from '@tuerca/contracts';
import { useRouteMutation, useRouteQuery } from '../routes';

/** Who has a store's wallet: its sellers and store admins. */
export function hasWallet(roles: readonly string[]): boolean {
  return roles.includes('seller') || roles.includes('store_admin');
}

const PER_SCENARIO = 6;

/**
 * The seller's bell in the app bar (issue #13: "the unread counts behind a bell"): the wallet's unread counts
 * (getIndicatorsWallet → unread.sales + unread.returns), the unread sales and return requests themselves;
 * opening one goes to its transaction, whose page marks it read (changeReadInWalletStatus). 'Marcar todo como
 * leído' is changeReadInWalletStatusAll for both scenarios.
 */
export function SellerBell() {
  const { identity } = useGetIdentity();
  const roles = (identity?.roles as string[] | undefined) ?? [];
  if (!hasWallet(roles)) return null;
  return <Bell />;
}

function Bell() {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const queryClient = useQueryClient();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = anchor !== null;
  const indicators = useRouteQuery(closingRoutes.walletIndicators, { query: { filter: JSON.stringify({ period: '30d' }) } });
  const w = indicators.data?.data as WalletIndicators | undefined;
  const count = (w?.unread.sales ?? 0) + (w?.unread.returns ?? 0);
  const sales = useGetList<AdminTransaction & RaRecord>(
    'transactions',
    { filter: { sellerUnread: true }, pagination: { page: 1, perPage: PER_SCENARIO }, sort: { field: 'updatedAt', order: 'DESC' } },
    { enabled: open },
  );
  const returns = useGetList<ReturnView & RaRecord>(
    'transaction-returns',
    { filter: { sellerUnread: true }, pagination: { page: 1, perPage: PER_SCENARIO }, sort: { field: 'requestedAt', order: 'DESC' } },
    { enabled: open },
  );
  const markAll = useRouteMutation(closingRoutes.changeReadInWalletAll, (scenario: 'sales' | 'returns') => ({ body: { scenario } }), {
    onError: (e) => notify(e.message, { type: 'error' }),
  });
  const markAllRead = async () => {
    const [a, b] = await Promise.all([markAll.mutateAsync('sales'), markAll.mutateAsync('returns')]);
    setAnchor(null);
    notify('tuerca.closing.markedAllRead', { type: 'success', messageArgs: { smart_count: a.data.count + b.data.count } });
    await queryClient.invalidateQueries();
  };
  const go = (transactionId: string) => {
    setAnchor(null);
    redirect('show', 'transactions', transactionId);
  };
  const empty = !sales.data?.length && !returns.data?.length;
  return (
    <>
      <Tooltip title={translate('tuerca.closing.bellTitle')}>
        <IconButton
          color="inherit"
          onClick={(e) => setAnchor(e.currentTarget)}
          aria-label={translate('tuerca.closing.bell', { count })}
          aria-haspopup="menu"
          data-testid="seller-bell"
        >
          <Badge badgeContent={count} color="error" data-testid="seller-bell-count">
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={open}
        onClose={() => setAnchor(null)}
        slotProps={{ paper: { sx: { maxWidth: 'min(380px, calc(100vw - 16px))' } } }}
      >
        {sales.data?.length ? <ListSubheader>{translate('tuerca.closing.unreadSales')}</ListSubheader> : null}
        {sales.data?.map((tx) => (
          <MenuItem key={`s-${tx.id}`} onClick={() => go(String(tx.id))} data-testid="seller-bell-sale">
            <ListItemText
              primary={`${tx.ref_venta} · ${translate(`tuerca.closing.states.${tx.state}`)}`}
              secondary={[tx.buyerName, formatCents(tx.amounts.totalCents, tx.currency)].filter(Boolean).join(' · ')}
            />
          </MenuItem>
        ))}
        {returns.data?.length ? <ListSubheader>{translate('tuerca.closing.unreadReturns')}</ListSubheader> : null}
        {returns.data?.map((r) => (
          <MenuItem key={`r-${r.id}`} onClick={() => go(r.transactionId)} data-testid="seller-bell-return">
            <ListItemText
              primary={`${r.refVenta} · ${translate(`tuerca.closing.returnStates.${r.state}`)}`}
              secondary={r.reason}
              slotProps={{ secondary: { sx: { whiteSpace: 'normal' } } }}
            />
          </MenuItem>
        ))}
        {empty ? <MenuItem disabled>{translate('tuerca.closing.nothingUnread')}</MenuItem> : null}
        <Divider />
        {count > 0 ? (
          <MenuItem onClick={() => void markAllRead()} disabled={markAll.isPending}>
            {translate('tuerca.closing.markAllRead')}
          </MenuItem>
        ) : null}
        <MenuItem
          onClick={() => {
            setAnchor(null);
            redirect('/');
          }}
        >
          {translate('tuerca.closing.seeWallet')}
        </MenuItem>
      </Menu>
    </>
  );
}
