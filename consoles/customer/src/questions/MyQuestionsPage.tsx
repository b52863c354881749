import { useState } from 'react';
import { Box, Button, Card, CardContent, Chip, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { t, type QuestionState, type QuestionView } from '@tuerca/contracts';
import { errorText } from '../app/api';
import { usePrompts } from '../app/prompts';
import { useSession } from '../app/session';
import { EmptyState, LoadFailed, Loading, useToast } from '../app/ui';
import { QUESTIONS_PAGE_SIZE, useFollowUp, useMyQuestions } from './useQuestions';
import { VerdictBox } from './VerdictBox';

const dateFormat = new Intl.DateTimeFormat('es-CO', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'America/Bogota',
});

/** The follow-up of the asker: a comment, or the VIN the seller asked for. */
function FollowUp({ q }: { q: QuestionView }) {
  const notify = useToast();
  const follow = useFollowUp();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [vin, setVin] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  if (!open)
    return (
      <Button size="small" onClick={() => setOpen(true)}>
        {t('questions.followUp')}
      </Button>
    );
  const send = () => {
    setProblem(null);
    follow.mutate(
      { id: q.id, body: { follow_up: text.trim() || undefined, vin: vin.trim() || undefined } },
      {
        onSuccess: (res) => {
          notify(res.metadata.message);
          setOpen(false);
          setText('');
          setVin('');
        },
        onError: (err) => setProblem(errorText(err, t('quotation.requestFailed'))),
      },
    );
  };
  return (
    <Stack spacing={1} component="form" onSubmit={(e) => (e.preventDefault(), send())} sx={{ mt: 1 }}>
      <TextField
        size="small"
        label={t('questions.response')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        multiline
        slotProps={{ htmlInput: { maxLength: 1000 } }}
      />
      {q.answer === 'need_vin' || !q.vehicle.vin ? (
        <TextField
          size="small"
          label={t('questions.vin')}
          value={vin}
          onChange={(e) => setVin(e.target.value.toUpperCase().slice(0, 17))}
          slotProps={{ htmlInput: { autoCapitalize: 'characters' } }}
        />
      ) : null}
      {problem ? (
        <Typography color="error" variant="body2" role="alert">
          {problem}
        </Typography>
      ) : null}
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" size="small" disabled={follow.isPending}>
          {t('questions.sendFollowUp')}
        </Button>
        <Button size="small" onClick={() => setOpen(false)}>
          {t('common.cancel')}
        </Button>
      </Stack>
    </Stack>
  );
}

function QuestionCard({ q }: { q: QuestionView }) {
  return (
    <Card variant="outlined" data-testid="question-card">
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}>
          <Chip size="small" color={q.state === 'answered' ? 'success' : 'default'} label={t(`questions.states.${q.state}`)} />
          <Typography variant="caption" color="text.secondary">
            {dateFormat.format(new Date(q.createdAt))} · {q.storeName}
          </Typography>
        </Stack>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{q.product?.title ?? q.product_description}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {q.product_reference ? `${t('questions.product')}: ${q.product_reference} · ` : ''}
          {q.questionText}
        </Typography>
        {q.comment ? (
          <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
            «{q.comment}»
          </Typography>
        ) : null}
        {q.state === 'answered' && q.answerText ? (
          <Box sx={{ mt: 1 }} data-testid="question-answer">
            <Typography variant="body2" sx={{ fontWeight: 700 }}>
              {t('questions.sellerSays', { answer: q.answerText })}
            </Typography>
            {q.response ? (
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                «{q.response}»
              </Typography>
            ) : null}
          </Box>
        ) : (
          <Typography variant="body2" color="secondary.dark" sx={{ mt: 1 }}>
            {t('questions.pending')}
          </Typography>
        )}
        {q.follow_up ? (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
            {q.follow_up}
          </Typography>
        ) : null}
        {q.verdict ? (
          <Box sx={{ mt: 1 }}>
            <VerdictBox verdict={q.verdict} compact />
          </Box>
        ) : null}
        <FollowUp q={q} />
      </CardContent>
    </Card>
  );
}

/** 'Mis preguntas' (the spec does not show it): the person's questions to sellers, their answers and verdicts. */
export function MyQuestionsPage() {
  const { isGuest, ready } = useSession();
  const { openLogin } = usePrompts();
  const [state, setState] = useState<QuestionState | 'all'>('all');
  const [page, setPage] = useState(0);
  const list = useMyQuestions(state === 'all' ? {} : { state }, page, ready && !isGuest);

  if (!ready) return <Loading />;
  if (isGuest)
    return (
      <EmptyState title={t('session.loginToAsk')}>
        <Button variant="contained" sx={{ mt: 2 }} onClick={() => openLogin({ closable: true })}>
          {t('common.enter')}
        </Button>
      </EmptyState>
    );
  const questions = (list.data?.data ?? []) as QuestionView[];
  const total = list.data?.metadata.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / QUESTIONS_PAGE_SIZE));
  return (
    <Box sx={{ maxWidth: 880, mx: 'auto' }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('questions.myQuestions')}
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={state}
        onChange={(_e, v: QuestionState | 'all' | null) => {
          if (v) {
            setState(v);
            setPage(0);
          }
        }}
        sx={{ mb: 2, flexWrap: 'wrap' }}
      >
        <ToggleButton value="all">{t('common.seeAll')}</ToggleButton>
        <ToggleButton value="pending">{t('questions.states.pending')}</ToggleButton>
        <ToggleButton value="answered">{t('questions.states.answered')}</ToggleButton>
      </ToggleButtonGroup>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <LoadFailed onRetry={() => void list.refetch()} />
      ) : questions.length === 0 ? (
        <EmptyState title={t('questions.myQuestionsEmpty')} />
      ) : (
        <Stack spacing={1.5}>
          {questions.map((q) => (
            <QuestionCard key={q.id} q={q} />
          ))}
        </Stack>
      )}
      {pages > 1 ? (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'center', alignItems: 'center', mt: 2 }}>
          <Button startIcon={<ChevronLeft />} disabled={page === 0} onClick={() => setPage(page - 1)}>
            {t('questions.previous')}
          </Button>
          <Typography variant="body2">
            {page + 1} / {pages}
          </Typography>
          <Button endIcon={<ChevronRight />} disabled={page + 1 >= pages} onClick={() => setPage(page + 1)}>
            {t('questions.next')}
          </Button>
        </Stack>
      ) : null}
    </Box>
  );
}
