/** 'Download my data' (GET /api/me/export as a JSON file) and the account deletion entry point. */
import { useMutation } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { describeError } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { downloadMyData } from '../queries';
import { DeleteAccountDialog } from './delete-account-dialog';

export function DataSection() {
  const download = useMutation({
    mutationFn: downloadMyData,
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Download failed',
        description: describeError(error) || 'Your data could not be downloaded. Please try again.',
      }),
  });

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">A copy of everything we hold about you, as a JSON file.</p>
        <Button
          variant="outline"
          onClick={() => download.mutate()}
          disabled={download.isPending}
          className="w-full shrink-0 sm:w-auto"
        >
          <Download aria-hidden="true" />
          {download.isPending ? 'Preparing download...' : 'Download my data'}
        </Button>
      </div>
      <div className="flex flex-col gap-3 border-t border-border pt-6 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">Permanently delete your account and personal data.</p>
        <DeleteAccountDialog />
      </div>
    </div>
  );
}
