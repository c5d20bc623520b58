import { FileDown, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../hooks/use-toast.ts';
import { downloadFile } from '../lib/download-file.ts';
import { failureText } from '../lib/server-text.ts';
import { useTranslation } from '../lib/use-translation.ts';
import { Button } from './ui/button.tsx';

type Format = 'pdf' | 'csv';
const ACCEPT: Record<Format, string> = { pdf: 'application/pdf', csv: 'text/csv' };

/**
 * A statement's two downloads (issue 28): PDF (laid out for a phone) and CSV, fetched with the
 * member's token from `path` with `format=` added. On a 360 px screen the label sits above the
 * two buttons; each shows it is working, and a refusal is worded in the member's language.
 */
export function StatementDownloads({ path, fileName, label, testId }: { path: string; fileName: string; label: string; testId: string }) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState<Format | null>(null);

  async function download(format: Format) {
    setBusy(format);
    try {
      await downloadFile(`${path}${path.includes('?') ? '&' : '?'}format=${format}`, `${fileName}.${format}`, ACCEPT[format]);
    } catch (error) {
      toast({ variant: 'destructive', title: t('statements.failedTitle'), description: failureText(i18n, error, t('statements.failedText')) });
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2" data-testid={testId}>
      <span className="min-w-0 flex-1 basis-40 text-sm text-muted-foreground">{label}</span>
      <div className="flex gap-2">
        {(['pdf', 'csv'] as const).map((format) => (
          <Button
            key={format}
            size="sm"
            variant="outline"
            disabled={busy !== null}
            aria-label={t(format === 'pdf' ? 'statements.pdfLabel' : 'statements.csvLabel', { what: label })}
            onClick={() => void download(format)}
            data-testid={`${testId}-${format}`}
          >
            {busy === format ? <Loader2 className="animate-spin" /> : <FileDown />}
            {/* The format's own name, the same in every language. */}
            {format.toUpperCase()}
          </Button>
        ))}
      </div>
    </div>
  );
}
