/**
 * Read aloud for the reader screen: voices (they arrive late in Chrome, with 'voiceschanged'), the
 * chosen voice and speed (remembered in localStorage), and play / pause / resume / stop over the
 * current page's text. When a page has been read to the end, the reader turns to the next page and
 * reads on. The sentence being read is exposed for the page to mark, and a sleep timer stops reading
 * at the end of the chapter or after some minutes (docs/product/highlights.md#read-aloud). Listening
 * time is reported with the tts events.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { createReadAloud, isSpeechSupported, type TReadAloudController, type TReadAloudStatus } from './read-aloud';

const SETTINGS_KEY = 'wb.reader.readAloud';

export type TReadAloudEvent = 'tts_play' | 'tts_pause' | 'tts_stop';

export interface TUseReadAloudOptions {
  pageNumber: number;
  pagesCount: number;
  getPageText: (page: number) => Promise<string>;
  goToPage: (page: number) => void;
  /** The first page of the next chapter after `page` (table of contents), or null when it is the last chapter. */
  getNextChapterPage?: (page: number) => Promise<number | null>;
  onEvent?: (
    event: TReadAloudEvent,
    details: { page: number; durationMs?: number; meta?: Record<string, unknown> },
  ) => void;
}

/** Off, to the end of the chapter, or a number of minutes. */
export type TSleepTimerChoice = 'off' | 'chapter' | number;
export const SLEEP_TIMER_MINUTES = [15, 30, 45, 60] as const;

export type TSleepTimer =
  | { kind: 'off' }
  | { kind: 'chapter'; stopBeforePage: number | null }
  | { kind: 'minutes'; minutes: number; endsAt: number };

export interface TReadAloud {
  isSupported: boolean;
  status: TReadAloudStatus;
  voices: SpeechSynthesisVoice[];
  voiceUri: string;
  rate: number;
  setVoiceUri(uri: string): void;
  setRate(rate: number): void;
  play(): void;
  pause(): void;
  resume(): void;
  stop(): void;
  /** The sentence being read and its page, for the page to mark and follow. */
  sentence: { page: number; text: string; anchorStart: number } | null;
  sleepTimer: TSleepTimer;
  setSleepTimer(choice: TSleepTimerChoice): void;
  /** Reading was stopped by the sleep timer (until played again). */
  stoppedBySleepTimer: boolean;
}

/** Text of a page from pdf.js getTextContent() items, with line ends kept as spaces. */
export function pageTextFromItems(items: readonly unknown[]): string {
  let text = '';
  for (const item of items) {
    if (!item || typeof item !== 'object' || !('str' in item)) continue;
    const { str, hasEOL } = item as { str: string; hasEOL?: boolean };
    text += str;
    if (hasEOL) text += '\n';
  }
  return text;
}

function loadSettings(): { voiceUri: string; rate: number } {
  try {
    const value = JSON.parse(window.localStorage.getItem(SETTINGS_KEY) ?? '{}') as {
      voiceUri?: unknown;
      rate?: unknown;
    };
    const rate = typeof value.rate === 'number' && value.rate >= 0.5 && value.rate <= 2 ? value.rate : 1;
    return { voiceUri: typeof value.voiceUri === 'string' ? value.voiceUri : '', rate };
  } catch {
    return { voiceUri: '', rate: 1 };
  }
}

function saveSettings(settings: { voiceUri: string; rate: number }) {
  try {
    window.localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings));
  } catch {
    // Settings are a convenience; reading aloud works without them.
  }
}

export function useReadAloud({
  pageNumber,
  pagesCount,
  getPageText,
  goToPage,
  getNextChapterPage,
  onEvent,
}: TUseReadAloudOptions): TReadAloud {
  const [sentence, setSentence] = useState<TReadAloud['sentence']>(null);
  const [sleepTimer, setSleepTimerState] = useState<TSleepTimer>({ kind: 'off' });
  const [stoppedBySleepTimer, setStoppedBySleepTimer] = useState(false);
  const sleepRef = useRef(sleepTimer);
  sleepRef.current = sleepTimer;
  const isSupported = typeof window !== 'undefined' && isSpeechSupported(window);
  const [status, setStatus] = useState<TReadAloudStatus>('idle');
  const [voices, setVoices] = useState<SpeechSynthesisVoice[]>([]);
  const [settings, setSettings] = useState(loadSettings);
  const controller = useRef<TReadAloudController | null>(null);
  const latest = useRef({
    pageNumber,
    pagesCount,
    getPageText,
    goToPage,
    getNextChapterPage,
    onEvent,
    settings,
    voices,
  });
  latest.current = { pageNumber, pagesCount, getPageText, goToPage, getNextChapterPage, onEvent, settings, voices };
  const speakingPage = useRef(pageNumber);
  const listeningSince = useRef<number | null>(null);

  /** Milliseconds listened since play or resume (undefined when not listening); starts a new count. */
  const listened = useCallback(() => {
    const since = listeningSince.current;
    listeningSince.current = null;
    return since === null ? undefined : Date.now() - since;
  }, []);

  const speakPage = useCallback(async (page: number) => {
    const text = await latest.current.getPageText(page).catch(() => '');
    const { settings: current, voices: available } = latest.current;
    speakingPage.current = page;
    controller.current?.speak(text, {
      voice: available.find((voice) => voice.voiceURI === current.voiceUri) ?? null,
      rate: current.rate,
    });
  }, []);

  useEffect(() => {
    if (!isSupported) return;
    const synth = window.speechSynthesis;
    const updateVoices = () => setVoices(synth.getVoices());
    updateVoices();
    synth.addEventListener?.('voiceschanged', updateVoices);
    controller.current = createReadAloud({
      synth,
      onStatus: setStatus,
      onSentence: (current) =>
        setSentence(
          current ? { page: speakingPage.current, text: current.text, anchorStart: current.anchorStart } : null,
        ),
      onFinished: () => {
        const next = speakingPage.current + 1;
        const timer = sleepRef.current;
        if (
          timer.kind === 'chapter' &&
          (timer.stopBeforePage === null ? next > latest.current.pagesCount : next >= timer.stopBeforePage)
        ) {
          // The sleep timer: the chapter has been read to its end.
          setStoppedBySleepTimer(true);
          setSleepTimerState({ kind: 'off' });
          latest.current.onEvent?.('tts_stop', {
            page: speakingPage.current,
            durationMs: listened(),
            meta: { reason: 'sleep_timer', timer: 'chapter' },
          });
          return;
        }
        if (next > latest.current.pagesCount) {
          latest.current.onEvent?.('tts_stop', {
            page: speakingPage.current,
            durationMs: listened(),
            meta: { reason: 'end_of_book' },
          });
          return;
        }
        latest.current.goToPage(next);
        void speakPage(next);
      },
    });
    return () => {
      synth.removeEventListener?.('voiceschanged', updateVoices);
      controller.current?.stop();
      controller.current = null;
    };
  }, [isSupported, speakPage, listened]);

  const play = useCallback(() => {
    if (!controller.current) return;
    setStoppedBySleepTimer(false);
    const page = latest.current.pageNumber;
    listeningSince.current = Date.now();
    latest.current.onEvent?.('tts_play', {
      page,
      meta: { rate: latest.current.settings.rate, voice: latest.current.settings.voiceUri || 'default' },
    });
    void speakPage(page);
  }, [speakPage]);

  const pause = useCallback(() => {
    if (controller.current?.status !== 'playing') return;
    controller.current.pause();
    latest.current.onEvent?.('tts_pause', { page: speakingPage.current, durationMs: listened() });
  }, [listened]);

  const resume = useCallback(() => {
    if (controller.current?.status !== 'paused') return;
    controller.current.resume();
    listeningSince.current = Date.now();
    latest.current.onEvent?.('tts_play', { page: speakingPage.current, meta: { resumed: true } });
  }, []);

  const stop = useCallback(() => {
    if (!controller.current || controller.current.status === 'idle') return;
    controller.current.stop();
    latest.current.onEvent?.('tts_stop', { page: speakingPage.current, durationMs: listened() });
  }, [listened]);

  // The sleep timer's minutes: reading stops when they run out (the timer then switches off).
  useEffect(() => {
    if (sleepTimer.kind !== 'minutes') return;
    const timeout = setTimeout(
      () => {
        setSleepTimerState({ kind: 'off' });
        if (!controller.current || controller.current.status === 'idle') return;
        controller.current.stop();
        setStoppedBySleepTimer(true);
        latest.current.onEvent?.('tts_stop', {
          page: speakingPage.current,
          durationMs: listened(),
          meta: { reason: 'sleep_timer', timer: 'minutes' },
        });
      },
      Math.max(0, sleepTimer.endsAt - Date.now()),
    );
    return () => clearTimeout(timeout);
  }, [sleepTimer, listened]);

  const setSleepTimer = useCallback((choice: TSleepTimerChoice) => {
    if (choice === 'off') setSleepTimerState({ kind: 'off' });
    else if (typeof choice === 'number')
      setSleepTimerState({ kind: 'minutes', minutes: choice, endsAt: Date.now() + choice * 60_000 });
    else {
      const from =
        controller.current && controller.current.status !== 'idle' ? speakingPage.current : latest.current.pageNumber;
      setSleepTimerState({ kind: 'chapter', stopBeforePage: null });
      void (latest.current.getNextChapterPage?.(from) ?? Promise.resolve(null)).then(
        (stopBeforePage) =>
          setSleepTimerState((current) => (current.kind === 'chapter' ? { kind: 'chapter', stopBeforePage } : current)),
        () => undefined,
      );
    }
  }, []);

  const setVoiceUri = useCallback((voiceUri: string) => {
    setSettings((current) => {
      const next = { ...current, voiceUri };
      saveSettings(next);
      return next;
    });
  }, []);

  const setRate = useCallback((rate: number) => {
    setSettings((current) => {
      const next = { ...current, rate };
      saveSettings(next);
      return next;
    });
  }, []);

  return {
    isSupported,
    status,
    voices,
    voiceUri: settings.voiceUri,
    rate: settings.rate,
    setVoiceUri,
    setRate,
    play,
    pause,
    resume,
    stop,
    sentence: status === 'idle' ? null : sentence,
    sleepTimer,
    setSleepTimer,
    stoppedBySleepTimer,
  };
}
