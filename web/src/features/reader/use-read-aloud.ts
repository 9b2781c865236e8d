/**
 * Read aloud for the reader screen: voices (they arrive late in Chrome, with 'voiceschanged'), the
 * chosen voice and speed (remembered in localStorage), and play / pause / resume / stop over the
 * current page's text. When a page has been read to the end, the reader turns to the next page and
 * reads on. Listening time is reported with the tts events.
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
  onEvent?: (
    event: TReadAloudEvent,
    details: { page: number; durationMs?: number; meta?: Record<string, unknown> },
  ) => void;
}

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
  onEvent,
}: TUseReadAloudOptions): TReadAloud {
  const isSupported = typeof window !== 'undefined' && isSpeechSupported(window);
  const [status, setStatus] = useState<TReadAloudStatus>('idle');
  const [voices, setVoices] = useState<SpeechSynthesisVoice[]>([]);
  const [settings, setSettings] = useState(loadSettings);
  const controller = useRef<TReadAloudController | null>(null);
  const latest = useRef({ pageNumber, pagesCount, getPageText, goToPage, onEvent, settings, voices });
  latest.current = { pageNumber, pagesCount, getPageText, goToPage, onEvent, settings, voices };
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
      onFinished: () => {
        const next = speakingPage.current + 1;
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
  };
}
