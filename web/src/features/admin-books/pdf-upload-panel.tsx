/**
 * A book's PDF upload (docs/product/back-office.md#books): the chosen file is checked here first (type, size) for a
 * quick answer, sent as the request body with the bytes sent shown, then the server's job is polled through the
 * pipeline's steps (checks, text, preview, encryption). One bar covers both: the upload is its first half.
 */
import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, Loader2, Upload } from 'lucide-react';
import { BOOK_UPLOAD_STEPS, BOOK_UPLOAD_STEP_LABELS } from '@shared/admin-books';
import { DEFAULT_MAX_PDF_BYTES, INGEST_MESSAGES, formatLimit } from '@shared/ingest';
import { Button } from '@web/components/ui/button';
import { isApiError } from '@web/lib/api';
import { cn } from '@web/lib/cn';
import { toast } from '@web/lib/toast';
import { booksAdminKeys, bookUploadJobQueryOptions, uploadBookPdf } from './queries';

/** The upload's share of the bar; the pipeline's steps share the rest. */
const UPLOAD_SHARE = 50;

function problemMessage(error: unknown): string {
  if (isApiError(error)) return error.problem?.errors?.[0]?.message ?? error.problem?.detail ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

function checkFile(file: File): string | null {
  const looksLikePdf = file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');
  if (!looksLikePdf) return INGEST_MESSAGES.notPdf;
  if (file.size > DEFAULT_MAX_PDF_BYTES) return INGEST_MESSAGES.tooLarge(DEFAULT_MAX_PDF_BYTES);
  if (file.size === 0) return INGEST_MESSAGES.missingFile;
  return null;
}

function ProgressBar({ percent, label }: { percent: number; label: string }) {
  return (
    <div className="flex flex-col gap-1">
      <div className="flex justify-between text-sm">
        <span>{label}</span>
        <span aria-hidden="true">{Math.round(percent)}%</span>
      </div>
      <div
        role="progressbar"
        aria-label="PDF upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(percent)}
        aria-valuetext={`${Math.round(percent)}%: ${label}`}
        className="h-3 w-full overflow-hidden rounded-full bg-secondary"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

export function PdfUploadPanel({ bookId }: { bookId: string }) {
  const queryClient = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<{ loaded: number; total: number } | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useQuery({ ...bookUploadJobQueryOptions(jobId ?? ''), enabled: jobId !== null });
  const status = job.data?.status;

  useEffect(() => {
    if (!jobId || !job.data || job.data.status === 'processing') return;
    if (job.data.status === 'failed') setError(job.data.error?.message ?? 'The upload failed');
    else
      toast({
        title: job.data.unchanged ? 'Same file as the current version' : `Version ${job.data.version} stored`,
        description: job.data.unchanged ? 'Nothing new was stored.' : 'Readers get the new version at their next open.',
      });
    void queryClient.invalidateQueries({ queryKey: booksAdminKeys.all });
  }, [jobId, job.data, queryClient]);

  const isUploading = sent !== null && jobId === null && error === null;
  const isBusy = isUploading || status === 'processing' || (jobId !== null && !job.data);

  async function start() {
    if (!file) {
      setError(INGEST_MESSAGES.missingFile);
      return;
    }
    const problem = checkFile(file);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setJobId(null);
    setSent({ loaded: 0, total: file.size });
    try {
      const started = await uploadBookPdf(bookId, file, setSent);
      setJobId(started.id);
    } catch (uploadError) {
      setError(problemMessage(uploadError));
    }
  }

  const stepIndex = job.data ? BOOK_UPLOAD_STEPS.indexOf(job.data.step) : -1;
  const uploadPercent = sent && sent.total > 0 ? (sent.loaded / sent.total) * UPLOAD_SHARE : 0;
  const percent =
    status === 'done'
      ? 100
      : jobId && job.data
        ? UPLOAD_SHARE + (stepIndex / BOOK_UPLOAD_STEPS.length) * (100 - UPLOAD_SHARE)
        : uploadPercent;
  const label =
    status === 'done'
      ? 'Done'
      : job.data
        ? BOOK_UPLOAD_STEP_LABELS[job.data.step]
        : sent
          ? `Uploading ${formatLimit(sent.loaded)} of ${formatLimit(sent.total)}`
          : '';

  return (
    <section aria-labelledby="pdf-upload-title" className="rounded-lg border border-border bg-card p-4">
      <h2 id="pdf-upload-title" className="font-serif text-xl font-semibold">
        Upload a PDF
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        A new file becomes the book's next version: checked, its text read, a preview made and every part encrypted. At
        most {formatLimit(DEFAULT_MAX_PDF_BYTES)}.
      </p>
      <div className="mt-3 flex flex-wrap items-end gap-2">
        <div className="flex flex-col gap-1">
          <label htmlFor="book-pdf-file" className="text-sm font-medium">
            PDF file
          </label>
          <input
            ref={inputRef}
            id="book-pdf-file"
            type="file"
            accept="application/pdf,.pdf"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'book-pdf-file-error' : undefined}
            disabled={isBusy}
            className="text-sm file:mr-2 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-1.5"
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              setFile(chosen);
              setSent(null);
              setJobId(null);
              setError(chosen ? checkFile(chosen) : null);
            }}
          />
        </div>
        <Button type="button" onClick={() => void start()} disabled={isBusy}>
          {isBusy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Upload aria-hidden="true" />}
          {isBusy ? 'Uploading...' : 'Upload PDF'}
        </Button>
      </div>
      {error && (
        <p id="book-pdf-file-error" role="alert" className="mt-2 text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      {(sent || jobId) && !error && (
        <div className="mt-4 flex flex-col gap-3">
          <ProgressBar percent={percent} label={label} />
          <ol className="grid gap-1 text-sm sm:grid-cols-5" aria-label="Upload steps">
            <li className={cn('flex items-center gap-1', jobId ? 'text-foreground' : 'text-muted-foreground')}>
              {jobId ? <Check className="size-4" aria-hidden="true" /> : null}
              Upload {jobId ? '(done)' : ''}
            </li>
            {BOOK_UPLOAD_STEPS.map((step, index) => {
              const isDone = status === 'done' || (job.data !== undefined && index < stepIndex);
              const isCurrent = status === 'processing' && index === stepIndex;
              return (
                <li
                  key={step}
                  className={cn(
                    'flex items-center gap-1',
                    isDone || isCurrent ? 'text-foreground' : 'text-muted-foreground',
                  )}
                >
                  {isDone ? <Check className="size-4" aria-hidden="true" /> : null}
                  {isCurrent ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
                  {BOOK_UPLOAD_STEP_LABELS[step]}
                  {isDone ? ' (done)' : ''}
                </li>
              );
            })}
          </ol>
          {status === 'done' && (
            <p role="status" className="text-sm font-medium">
              {job.data?.unchanged
                ? `This file is already version ${job.data.version}: nothing new was stored.`
                : `Stored as version ${job.data?.version}.`}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
