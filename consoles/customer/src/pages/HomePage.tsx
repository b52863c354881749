import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Box, Button, Chip, InputAdornment, Paper, Stack, TextField, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { HOME_EXAMPLES, normalizePlate, normalizeVin, t, type MessageKey } from '@tuerca/contracts';
import { classifySearch, type SearchKind } from '../app/search';
import { BrandGrid } from '../catalog/BrandGrid';
import { usePlatePanel } from '../plate/PlatePanelProvider';
import { forgetShellDraft, shellDraft } from '../app/shell';

const KIND_LABEL: Record<SearchKind, MessageKey> = {
  text: 'customerConsole.kindText',
  partNumber: 'customerConsole.kindPartNumber',
  vin: 'customerConsole.kindVin',
  plate: 'customerConsole.kindPlate',
};

/** One search box for text, part number, 17-character VIN or plate; then the catalogue brand grid. */
export function HomeSearch({ initial = '', compact = false }: { initial?: string; compact?: boolean }) {
  const navigate = useNavigate();
  const plate = usePlatePanel();
  // On the home page, what was typed into the first paint's box before the console started is kept.
  const [draft] = useState(() => (compact ? { value: '', focused: false } : shellDraft()));
  const [text, setText] = useState(initial || draft.value);
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (compact) return;
    // The person was typing in the first paint's box: the cursor stays in the search box.
    if (draft.focused) box.current?.focus();
    forgetShellDraft();
  }, [compact, draft.focused]);
  const [problem, setProblem] = useState<string | null>(null);
  const kind = classifySearch(text);

  const run = (raw: string) => {
    const value = raw.trim();
    if (!value) return setProblem(t('search.enterPartNumber'));
    if (value.length < 3) return setProblem(t('search.minLength'));
    setProblem(null);
    const as = classifySearch(value);
    if (as === 'vin') navigate(`/catalogo/catalog/v2/search/${encodeURIComponent(normalizeVin(value))}`);
    else if (as === 'plate') plate.open(normalizePlate(value));
    else navigate(`/catalogo/page/results?search=${encodeURIComponent(value)}`);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    run(text);
  };
  // The examples are demo data that answer (infra/demo-data tests it): a click searches them.
  const examples: [MessageKey, string][] = [
    ['customerConsole.homeExampleText', HOME_EXAMPLES.text],
    ['customerConsole.homeExamplePartNumber', HOME_EXAMPLES.partNumber],
    ['customerConsole.homeExamplePlate', HOME_EXAMPLES.plate],
  ];

  return (
    <Paper
      component="form"
      role="search"
      onSubmit={submit}
      elevation={0}
      sx={{ p: compact ? 1.5 : { xs: 2, md: 3 }, border: 1, borderColor: 'divider' }}
    >
      {compact ? null : (
        <>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800, fontSize: { xs: 24, md: 32 }, mb: 0.5 }}>
            {t('customerConsole.homeTitle')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {t('customerConsole.homeSearchHelp')}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ mb: 2, flexWrap: 'wrap', alignItems: 'center' }} data-testid="home-examples">
            <Typography variant="body2" color="text.secondary">
              {t('customerConsole.homeExamples')}
            </Typography>
            {examples.map(([key, example]) => (
              <Chip
                key={key}
                size="small"
                variant="outlined"
                label={t(key, { example })}
                onClick={() => {
                  setText(example);
                  run(example);
                }}
              />
            ))}
          </Stack>
        </>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <TextField
          fullWidth
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('customerConsole.homeSearchPlaceholder')}
          inputRef={box}
          slotProps={{
            htmlInput: { 'aria-label': t('customerConsole.homeSearchLabel'), maxLength: 120, 'data-testid': 'home-search' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon />
                </InputAdornment>
              ),
            },
          }}
        />
        <Button type="submit" variant="contained" size="large" sx={{ px: 4, whiteSpace: 'nowrap' }}>
          {t('common.search')}
        </Button>
      </Stack>
      <Box sx={{ mt: 1, minHeight: 32 }} aria-live="polite">
        {text.trim().length >= 3 ? (
          <Chip size="small" color="primary" variant="outlined" label={t('customerConsole.searchAs', { kind: t(KIND_LABEL[kind]) })} />
        ) : null}
      </Box>
      {problem ? <Alert severity="warning">{problem}</Alert> : null}
    </Paper>
  );
}

export function HomePage() {
  return (
    <Stack spacing={3}>
      <HomeSearch />
      <BrandGrid title={t('catalog.title')} />
    </Stack>
  );
}
