/** Read aloud controls: play / pause / resume / stop, voice and speed. */
import { useId } from 'react';
import { Pause, Play, Square } from 'lucide-react';
import { READ_ALOUD_RATES } from '../read-aloud';
import type { TReadAloud } from '../use-read-aloud';

export function ReadAloudPanelBody({ readAloud, pageNumber }: { readAloud: TReadAloud; pageNumber: number }) {
  const voiceId = useId();
  const rateId = useId();
  const { status } = readAloud;
  const buttonClass =
    'inline-flex h-11 flex-1 items-center justify-center gap-2 rounded-md border border-border px-3 text-sm font-medium hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-40';
  return (
    <div className="flex flex-col gap-4 p-3">
      <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="read-aloud-status">
        {status === 'playing'
          ? `Reading page ${pageNumber} aloud.`
          : status === 'paused'
            ? 'Paused.'
            : `Reads page ${pageNumber}, then carries on page by page.`}
      </p>
      <div className="flex gap-2">
        {status === 'playing' ? (
          <button type="button" className={buttonClass} onClick={readAloud.pause}>
            <Pause className="size-4" aria-hidden="true" /> Pause
          </button>
        ) : status === 'paused' ? (
          <button type="button" className={buttonClass} onClick={readAloud.resume}>
            <Play className="size-4" aria-hidden="true" /> Resume
          </button>
        ) : (
          <button type="button" className={buttonClass} onClick={readAloud.play}>
            <Play className="size-4" aria-hidden="true" /> Play
          </button>
        )}
        <button type="button" className={buttonClass} onClick={readAloud.stop} disabled={status === 'idle'}>
          <Square className="size-4" aria-hidden="true" /> Stop
        </button>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={voiceId} className="text-sm font-medium">
          Voice
        </label>
        <select
          id={voiceId}
          value={readAloud.voiceUri}
          onChange={(event) => readAloud.setVoiceUri(event.currentTarget.value)}
          className="h-11 rounded-md border border-input bg-background px-2 text-sm focus-visible:outline-2 focus-visible:outline-ring"
        >
          <option value="">Default voice</option>
          {readAloud.voices.map((voice) => (
            <option key={voice.voiceURI} value={voice.voiceURI}>
              {voice.name} ({voice.lang})
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={rateId} className="text-sm font-medium">
          Speed
        </label>
        <select
          id={rateId}
          value={String(readAloud.rate)}
          onChange={(event) => readAloud.setRate(Number(event.currentTarget.value))}
          className="h-11 rounded-md border border-input bg-background px-2 text-sm focus-visible:outline-2 focus-visible:outline-ring"
        >
          {READ_ALOUD_RATES.map((rate) => (
            <option key={rate} value={String(rate)}>
              {rate === 1 ? 'Normal' : `${rate}×`}
            </option>
          ))}
        </select>
      </div>
      <p className="text-xs text-muted-foreground">
        Changes to voice or speed apply from the next page, or press Play again.
      </p>
    </div>
  );
}
