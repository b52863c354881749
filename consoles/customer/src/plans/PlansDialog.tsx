import { useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  Link,
  Tab,
  Tabs,
  Typography,
} from '@mui/material';
import Grid from '@mui/material/Grid';
import CloseIcon from '@mui/icons-material/Close';
import { chargingPlanTabKey, paymentsRoutes, plansRoutes, t, type PlanView } from '@tuerca/contracts';
import { ApiError, isLoginRequired } from '../app/api';
import { useRouteMutation, useRouteQuery } from '../app/queries';
import { formatMoney } from '../app/format';
import { useSession } from '../app/session';
import type { PlanKind } from '../app/prompts';
import { EmptyState, LoadFailed, Loading } from '../app/ui';
import { TrialButton } from './TrialButton';

const EXHAUSTED_TEXT: Record<PlanKind, string> = {
  plate_consultations: t('plans.exhaustedPlate'),
  catalog_consultations: t('plans.exhaustedCatalog'),
  substitutions_consultations: t('plans.exhaustedSubstitutions'),
  general_inquiries: t('plans.exhausted', { consultationType: t('plans.tabs.generalInquiries').toLowerCase() }),
};

/** chargingPlansCatalogModal: 'Planes de suscripción', plan tabs and cards, buying through the gateway. */
export function PlansDialog({
  kind,
  exhausted,
  onClose,
  onLoginNeeded,
}: {
  kind: PlanKind;
  exhausted: boolean;
  onClose(): void;
  onLoginNeeded(): void;
}) {
  const { user } = useSession();
  const [tab, setTab] = useState<string>(kind);
  const [problem, setProblem] = useState<string | null>(null);
  const query = useRouteQuery(plansRoutes.active, { query: { filter: { transaction_type: kind }, storePlans: '0' } });
  const answer = query.data?.data ?? null;
  const currency = user.country === 'MX' ? 'MXN' : (query.data?.metadata.paymentCurrency ?? 'COP');
  const plans = useMemo(
    () => (answer?.plans ?? []).filter((p) => p.transaction_type === tab && (p.currency ?? currency) === currency),
    [answer, tab, currency],
  );

  const purchase = useRouteMutation(paymentsRoutes.create, (plan: PlanView) => ({ body: { planId: plan.id } }), {
    onMutate: () => setProblem(null),
    // The gateway's page replaces this one; the button stays busy until it does.
    onSuccess: (res) => window.location.assign(res.data.checkoutUrl),
    onError: (err) => {
      if (isLoginRequired(err)) return onLoginNeeded();
      if (err instanceof ApiError && err.code === 'Sign-up incomplete') setProblem(t('customerConsole.signUpIncomplete'));
      else setProblem(t('plans.purchaseFailed'));
    },
  });
  const buying = purchase.isPending || purchase.isSuccess ? purchase.variables?.id : null;
  const buy = (plan: PlanView) => (user.isGuest ? onLoginNeeded() : purchase.mutate(plan));

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="plans-title" data-testid="plans-modal">
      <DialogTitle id="plans-title" sx={{ pr: 6 }}>
        {t('plans.subscriptionPlans')}
        <IconButton aria-label={t('common.close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        {exhausted ? (
          <Alert severity="warning" sx={{ mb: 2 }} action={<TrialButton kind={kind} variant="text" />}>
            {EXHAUSTED_TEXT[kind]}
          </Alert>
        ) : null}
        {problem ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {problem}
          </Alert>
        ) : null}
        {query.isError ? <LoadFailed onRetry={() => void query.refetch()} /> : null}
        {query.isPending ? <Loading /> : null}
        {answer ? (
          <>
            <Tabs
              value={tab}
              onChange={(_e, v: string) => setTab(v)}
              variant="scrollable"
              allowScrollButtonsMobile
              aria-label={t('plans.subscriptionPlans')}
            >
              {answer.data.map((tb) => {
                const key = chargingPlanTabKey(tb.key);
                return <Tab key={tb.key} value={tb.key} label={key ? t(key) : tb.label} />;
              })}
            </Tabs>
            {plans.length === 0 ? (
              <EmptyState title={t('plans.noPlans')} detail={t('customerConsole.noPlansNext')} />
            ) : (
              <Grid container spacing={2} sx={{ mt: 1 }}>
                {plans.map((p) => (
                  <Grid key={p.id} size={{ xs: 12, sm: 6, md: 4 }}>
                    <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }} data-testid="plan-card">
                      <CardContent sx={{ flexGrow: 1 }}>
                        <Typography variant="h6" component="h3">
                          {p.title}
                        </Typography>
                        <Typography variant="h5" color="primary" sx={{ my: 1 }}>
                          {p.price_label ?? `${formatMoney(p.price, p.currency ?? currency)} ${p.currency ?? currency}`}
                        </Typography>
                        <Typography variant="body2" sx={{ fontWeight: 600 }}>
                          {t('customerConsole.planCardConsultations', { amount: p.amount })} ·{' '}
                          {t('customerConsole.planValidity', { days: p.validity_days })}
                        </Typography>
                        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                          {p.description}
                        </Typography>
                      </CardContent>
                      <CardActions>
                        <Button
                          fullWidth
                          variant="contained"
                          onClick={() => buy(p)}
                          disabled={buying != null}
                          aria-label={`${t('plans.buyPlan')} ${p.title}`}
                        >
                          {buying === p.id ? t('customerConsole.goingToGateway') : t('plans.buyPlan')}
                        </Button>
                      </CardActions>
                    </Card>
                  </Grid>
                ))}
              </Grid>
            )}
            <Box sx={{ mt: 2, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
              <Typography variant="caption" color="text.secondary">
                {t('plans.validity')} {t('plans.noAutoRenew')} {t('plans.noChargeWhenNotFound')}
              </Typography>
              <Link href="https://wa.me/" target="_blank" rel="noopener" underline="hover">
                {t('plans.customPlan')}
              </Link>
            </Box>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
