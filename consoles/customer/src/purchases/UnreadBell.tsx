import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Divider, IconButton, ListItemText, Menu, MenuItem, Tooltip, Typography } from '@mui/material';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { closingRoutes, purchasesRoutes, t, transactionStateText } from '@tuerca/contracts';
import { errorText } from '../app/api';
import { routeKey, useRouteMutation, useRouteQuery } from '../app/queries';
import { useToast } from '../app/ui';
import { PURCHASES_PATH, purchasePath } from './parts';

/**
 * The header's bell (issue #13: "the unread counts behind a bell"): the buyer's purchases with changes not yet
 * seen (GET getUnreadTransactions). Opening one goes to its detail, which marks it read (changeReadStatus);
 * 'Marcar todo como leído' is the spec's `PATCH .../ChangeReadStatusAll (typeUser)` with typeUser buyer.
 */
export function UnreadBell() {
  const navigate = useNavigate();
  const notify = useToast();
  const client = useQueryClient();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const unread = useRouteQuery(purchasesRoutes.unread, {}, { refetchInterval: 60_000, staleTime: 15_000 });
  const count = unread.data?.data.count ?? 0;
  const transactions = unread.data?.data.transactions ?? [];
  const markAll = useRouteMutation(closingRoutes.changeReadStatusAll, (_: void) => ({ body: { typeUser: 'buyer' as const } }), {
    onSuccess: async (answer) => {
      setAnchor(null);
      notify(answer.metadata.message ?? t('purchases.markAllRead'));
      await Promise.all([
        client.invalidateQueries({ queryKey: routeKey(purchasesRoutes.unread).slice(0, 2) }),
        client.invalidateQueries({ queryKey: routeKey(purchasesRoutes.list).slice(0, 2) }),
        client.invalidateQueries({ queryKey: routeKey(purchasesRoutes.load).slice(0, 2) }),
      ]);
    },
    onError: (err) => notify(errorText(err, t('quotation.requestFailed')), { severity: 'error' }),
  });
  const go = (to: string) => {
    setAnchor(null);
    navigate(to);
  };
  return (
    <>
      <Tooltip title={t('purchases.bellTitle')}>
        <IconButton
          color="inherit"
          onClick={(e) => setAnchor(e.currentTarget)}
          aria-label={t('purchases.bell', { count })}
          aria-haspopup="menu"
          data-testid="header-bell"
        >
          <Badge badgeContent={count} color="secondary" data-testid="bell-count">
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ paper: { sx: { maxWidth: 'min(360px, calc(100vw - 16px))' } }, list: { 'aria-label': t('purchases.bellTitle') } }}
      >
        <Typography variant="subtitle2" sx={{ px: 2, py: 1, fontWeight: 700 }}>
          {t('purchases.bellTitle')}
        </Typography>
        {transactions.length === 0 ? (
          <MenuItem disabled>{t('purchases.bellEmpty')}</MenuItem>
        ) : (
          transactions.slice(0, 8).map((tx) => (
            <MenuItem key={tx.id} onClick={() => go(purchasePath(tx.id))} data-testid="bell-item">
              <ListItemText
                primary={`${tx.ref_venta} · ${transactionStateText(tx.state)}`}
                secondary={tx.store.name}
                slotProps={{ primary: { sx: { fontWeight: 600, whiteSpace: 'normal' } }, secondary: { sx: { whiteSpace: 'normal' } } }}
              />
            </MenuItem>
          ))
        )}
        <Divider />
        {count > 0 ? (
          <MenuItem onClick={() => markAll.mutate()} disabled={markAll.isPending}>
            {t('purchases.markAllRead')}
          </MenuItem>
        ) : null}
        <MenuItem onClick={() => go(PURCHASES_PATH)}>{t('purchases.seeAll')}</MenuItem>
      </Menu>
    </>
  );
}
