import type { ReactElement } from 'react';
import { Button, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { Chip, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { labelOf } from './choices';

/** The pieces the operators' lists share: a record's state as a coloured chip, long text cut to one line, row actions. */

export type ChipColor = 'default' | 'info' | 'success' | 'error' | 'warning';

/**
 * A record's state (its `source` field, `status` unless said) as a chip in the colour its list gives that state and
 * the Spanish label of its choices. `label` and `sortable` are read by the Datagrid for the column.
 */
export function StatusChip(props: {
  choices: { id: string; name: string }[];
  colors: Record<string, ChipColor>;
  testId?: string;
  source?: string;
  label?: string;
  sortable?: boolean;
}) {
  const record = useRecordContext();
  if (!record) return null;
  const value = String(record[props.source ?? 'status']);
  return <Chip size="small" color={props.colors[value] ?? 'default'} label={labelOf(props.choices, value)} data-testid={props.testId} />;
}

/** Text that may be long (an error, a message) on one line of a list, cut with an ellipsis; the whole text on hover. */
export function OneLine({ text, width }: { text: unknown; width: number }) {
  const value = text === null || text === undefined || text === '' ? '—' : String(text);
  return (
    <Typography variant="body2" sx={{ maxWidth: width, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={value}>
      {value}
    </Typography>
  );
}

/**
 * A button on a list row that asks the API for something about that row (retry, replay): a TanStack mutation; on
 * success the message `success(result)` and the list refreshed, on failure the API's Spanish text. The click does not
 * open the row.
 */
export function RowAction<T>(props: { label: string; icon: ReactElement; run: () => Promise<T>; success: (result: T) => string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const action = useMutation({
    mutationFn: props.run,
    onSuccess: (result) => {
      notify(translate(props.success(result)), { type: 'success' });
      refresh();
    },
    onError: (err) => notify(err.message, { type: 'error' }),
  });
  return (
    <Button
      label={props.label}
      disabled={action.isPending}
      onClick={(e) => {
        e.stopPropagation();
        action.mutate();
      }}
    >
      {props.icon}
    </Button>
  );
}
