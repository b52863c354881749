import { useEffect, useState } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import CheckIcon from '@mui/icons-material/Check';
import { t } from '@tuerca/contracts';
import { useToast } from '../app/ui';

/** 000 §4/§9: copying a part number changes the icon for 5 seconds and shows a toast for 5 seconds. */
export const COPY_FEEDBACK_MS = 5000;

export function CopyPartNumber({ reference }: { reference: string }) {
  const notify = useToast();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(reference);
    } catch {
      /* clipboard not allowed: the toast still tells the number */
    }
    setCopied(true);
    notify(t('search.partNumberCopied'), { detail: reference, ms: COPY_FEEDBACK_MS });
  };
  return (
    <Tooltip title={copied ? t('customerConsole.copied') : t('search.copyPartNumber')}>
      <IconButton
        size="small"
        onClick={copy}
        aria-label={`${t('search.copyPartNumber')} ${reference}`}
        data-copied={copied ? 'true' : 'false'}
      >
        {copied ? <CheckIcon fontSize="small" color="success" /> : <ContentCopyIcon fontSize="small" />}
      </IconButton>
    </Tooltip>
  );
}
