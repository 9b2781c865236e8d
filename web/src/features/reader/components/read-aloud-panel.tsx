/** Read aloud controls: play / pause / resume / stop, voice, speed and the sleep timer. */
import { useId } from 'react';
import { Pause, Play, Square } from 'lucide-react';
import { READ_ALOUD_RATES } from '../read-aloud';
import { SLEEP_TIMER_MINUTES, type TReadAloud, type TSleepTimer } from '../use-read-aloud';

function sleepTimerValue(timer: TSleepTimer): string {
  return timer.kind === 'off' ? 'off' : timer.kind === 'chapter' ? 'chapter' : String(timer.minutes);
}

function sleepTimerText(timer: TSleepTimer): string | null {
  if (timer.kind === 'chapter')
    return timer.stopBeforePage === null
      ? 'Stops at the end of this chapter.'
      : `Stops at the end of this chapter (before page ${timer.stopBeforePage}).`;
  if (timer.kind === 'minutes')
    return `Stops at ${new Date(timer.endsAt).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })}.`;
  return null;
}

export function ReadAloudPanelBody({ readAloud, pageNumber }: { readAloud: TReadAloud; pageNumber: number }) {
  const voiceId = useId();
  const rateId = useId();
  const sleepId = useId();
  const sleepText = sleepTimerText(readAloud.sleepTimer);
  const { status } = readAloud;
  const buttonClass =
    'inline-flex h-11 flex-1 items-center justify-center gap-2 rounded-md border border-border px-3 text-sm font-medium hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-40';
  return (
    <div className="flex flex-col gap-4 p-3">
      <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="read-aloud-status">
        {status === 'playing'
          ? `Reading page ${pageNumber} aloud. The sentence being read is marked on the page.`
          : status === 'paused'
            ? 'Paused.'
            : readAloud.stoppedBySleepTimer
              ? 'Stopped by the sleep timer.'
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
      <div className="flex flex-col gap-1.5">
        <label htmlFor={sleepId} className="text-sm font-medium">
          Sleep timer
        </label>
        <select
          id={sleepId}
          value={sleepTimerValue(readAloud.sleepTimer)}
          onChange={(event) => {
            const value = event.currentTarget.value;
            readAloud.setSleepTimer(value === 'off' || value === 'chapter' ? value : Number(value));
          }}
          className="h-11 rounded-md border border-input bg-background px-2 text-sm focus-visible:outline-2 focus-visible:outline-ring"
        >
          <option value="off">Off</option>
          <option value="chapter">End of chapter</option>
          {SLEEP_TIMER_MINUTES.map((minutes) => (
            <option key={minutes} value={String(minutes)}>
              {minutes} minutes
            </option>
          ))}
        </select>
        {sleepText && (
          <p className="text-sm text-muted-foreground" data-testid="sleep-timer-status">
            {sleepText}
          </p>
        )}
      </div>
      <p className="text-xs text-muted-foreground">
        Changes to voice or speed apply from the next page, or press Play again.
      </p>
    </div>
  );
}
