import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { normalizeVin, t, VIN_LENGTH } from '@tuerca/contracts';

/** The 17-character VIN box: maxlength 17, the search button appears only at 17 (001 §5). */
export function VinBox() {
  const [vin, setVin] = useState('');
  const navigate = useNavigate();
  const clean = normalizeVin(vin);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (clean.length === VIN_LENGTH) navigate(`/catalogo/catalog/v2/search/${clean}`);
  };
  return (
    <Paper component="form" onSubmit={submit} variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('customerConsole.vinTitle')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <TextField
          fullWidth
          size="small"
          value={vin}
          onChange={(e) => setVin(e.target.value.toUpperCase())}
          placeholder={t('vin.placeholder')}
          helperText={clean.length > 0 && clean.length !== VIN_LENGTH ? t('vin.mustHave17') : ' '}
          slotProps={{
            htmlInput: { maxLength: VIN_LENGTH, 'aria-label': t('vin.placeholder'), style: { fontFamily: 'monospace', letterSpacing: 1 } },
          }}
        />
        {clean.length === VIN_LENGTH ? (
          <Button type="submit" variant="contained" sx={{ alignSelf: 'flex-start', height: 40 }}>
            {t('common.search')}
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}
