/**
 * `npm run books:resegment`: re-cuts every book whose current version uses another segment size than the
 * configured one (the 1 MiB chunks or 64 KiB segments of books ingested before; docs/decisions/028-16-kib-segments.md) into a new version, through
 * resegment.ts, and records in place the opening segments of current versions stored without them
 * (docs/decisions/026-opening-segments.md); older versions stay readable for licences and downloads already issued. Idempotent (a
 * second run finds nothing to do); recorded in the audit log. Exit code 1 when a book could not be re-cut.
 */
import { recordAudit } from '../audit/audit.service';
import type { TImportIo } from './import-cli';
import type { TIngestDeps } from './ingest.service';
import { fillOpeningSegments, resegmentBooks } from './resegment';

export async function runBooksResegment(deps: TIngestDeps, io: TImportIo): Promise<number> {
  const reports = await resegmentBooks(deps, {
    source: 'cli',
    onBook: (report) => {
      if (report.outcome === 'failed') io.err(`${report.slug}: not re-cut (${report.error})\n`);
      else if (report.outcome === 'resegmented')
        io.out(
          `${report.slug}: version ${report.fromVersion} (${report.fromChunkSize} B segments) → version ${report.toVersion} (${report.toChunkSize} B segments)\n`,
        );
    },
  });
  // Versions already cut to size but stored before their opening segments were recorded get them in place.
  const openings = await fillOpeningSegments(deps, {
    onBook: (report) => {
      if (report.outcome === 'failed') io.err(`${report.slug}: opening segments not recorded (${report.error})\n`);
    },
  });
  const recorded = openings.filter((report) => report.outcome === 'recorded').length;
  const resegmented = reports.filter((report) => report.outcome === 'resegmented').length;
  const failed =
    reports.filter((report) => report.outcome === 'failed').length +
    openings.filter((report) => report.outcome === 'failed').length;
  recordAudit(deps, {
    action: 'books.resegment',
    resource: 'book',
    severity: failed > 0 ? 'warning' : 'info',
    details: { resegmented, openingSegmentsRecorded: recorded, failed },
  });
  if (recorded > 0) io.out(`Recorded the opening segments of ${recorded} book${recorded === 1 ? '' : 's'}.\n`);
  io.out(`Re-cut ${resegmented} book${resegmented === 1 ? '' : 's'}${failed > 0 ? `; ${failed} failed` : ''}.\n`);
  return failed > 0 ? 1 : 0;
}
