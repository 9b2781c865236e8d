/**
 * The reader's print block: while a reader is open, printing shows a notice instead of pages
 * (reader.css reads the message from the body) and the reader is told why.
 */
import { useEffect } from 'react';
import { READER_MESSAGES } from '@shared/reader';
import { toast } from '@web/lib/toast';

export function notifyPrintBlocked() {
  toast({ title: 'Printing is off', description: READER_MESSAGES.printBlocked });
}

export function usePrintBlock(): void {
  useEffect(() => {
    const { body } = document;
    body.setAttribute('data-print-blocked', READER_MESSAGES.printBlocked);
    const previousOverflow = body.style.overflow;
    body.style.overflow = 'hidden';
    window.addEventListener('beforeprint', notifyPrintBlocked);
    return () => {
      body.removeAttribute('data-print-blocked');
      body.style.overflow = previousOverflow;
      window.removeEventListener('beforeprint', notifyPrintBlocked);
    };
  }, []);
}
