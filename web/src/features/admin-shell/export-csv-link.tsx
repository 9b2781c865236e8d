import { Download } from 'lucide-react';
import { Button } from '@web/components/ui/button';

/** "Export CSV" for a back-office list: a download of the server's CSV for the list's current filters. */
export function ExportCsvLink({ href }: { href: string }) {
  return (
    <Button asChild variant="outline" size="sm">
      <a href={href} download>
        <Download aria-hidden="true" />
        Export CSV
      </a>
    </Button>
  );
}
