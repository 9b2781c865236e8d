/**
 * Read aloud with the Web Speech API: the page's text is split into sentence-sized utterances
 * (Chrome cuts off a single long utterance after about 15 seconds) and queued on speechSynthesis.
 * The controller owns the play state and a generation number, so the end events of a cancelled
 * page never advance the new one. It is hidden entirely where speechSynthesis is missing.
 */

export type TReadAloudStatus = 'idle' | 'playing' | 'paused';

export const READ_ALOUD_RATES = [0.75, 1, 1.25, 1.5, 2] as const;

/** What the controller needs of window.speechSynthesis (tests pass a fake). */
export interface TSpeechSynth {
  speak(utterance: SpeechSynthesisUtterance): void;
  cancel(): void;
  pause(): void;
  resume(): void;
  getVoices(): SpeechSynthesisVoice[];
}

export function isSpeechSupported(
  scope: { speechSynthesis?: unknown; SpeechSynthesisUtterance?: unknown } = globalThis,
): boolean {
  return !!scope.speechSynthesis && typeof scope.SpeechSynthesisUtterance === 'function';
}

/** Sentences grouped into parts of at most `maxChars` (a longer sentence is cut at spaces). */
export function splitIntoUtterances(text: string, maxChars = 220): string[] {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (!clean) return [];
  const sentences = clean.match(/[^.!?]+(?:[.!?]+["')\]]*|$)\s*/g) ?? [clean];
  const parts: string[] = [];
  let current = '';
  const push = () => {
    if (current.trim()) parts.push(current.trim());
    current = '';
  };
  for (const sentence of sentences) {
    if (sentence.length > maxChars) {
      push();
      let rest = sentence.trim();
      while (rest.length > maxChars) {
        const cut = rest.lastIndexOf(' ', maxChars);
        const at = cut > 0 ? cut : maxChars;
        parts.push(rest.slice(0, at).trim());
        rest = rest.slice(at).trim();
      }
      current = rest ? `${rest} ` : '';
      continue;
    }
    if (current.length + sentence.length > maxChars) push();
    current += sentence;
  }
  push();
  return parts;
}

export interface TReadAloudOptions {
  synth: TSpeechSynth;
  makeUtterance?: (text: string) => SpeechSynthesisUtterance;
  onStatus: (status: TReadAloudStatus) => void;
  /** The queued text was read to the end (not stopped): the caller may continue with the next page. */
  onFinished: () => void;
}

export interface TReadAloudController {
  speak(text: string, settings: { voice: SpeechSynthesisVoice | null; rate: number }): void;
  pause(): void;
  resume(): void;
  stop(): void;
  readonly status: TReadAloudStatus;
}

export function createReadAloud(options: TReadAloudOptions): TReadAloudController {
  const { synth, onStatus, onFinished } = options;
  const makeUtterance = options.makeUtterance ?? ((text: string) => new SpeechSynthesisUtterance(text));
  let status: TReadAloudStatus = 'idle';
  let generation = 0;

  function setStatus(next: TReadAloudStatus) {
    if (status === next) return;
    status = next;
    onStatus(next);
  }

  return {
    get status() {
      return status;
    },
    speak(text, { voice, rate }) {
      generation += 1;
      const mine = generation;
      synth.cancel();
      const parts = splitIntoUtterances(text);
      if (parts.length === 0) {
        setStatus('idle');
        onFinished();
        return;
      }
      setStatus('playing');
      parts.forEach((part, index) => {
        const utterance = makeUtterance(part);
        if (voice) {
          utterance.voice = voice;
          utterance.lang = voice.lang;
        }
        utterance.rate = rate;
        if (index === parts.length - 1) {
          utterance.onend = () => {
            if (mine !== generation) return;
            setStatus('idle');
            onFinished();
          };
        }
        utterance.onerror = (event) => {
          // 'interrupted' and 'canceled' are our own stop or a newer page taking over.
          if (mine !== generation || event.error === 'interrupted' || event.error === 'canceled') return;
          generation += 1;
          synth.cancel();
          setStatus('idle');
        };
        synth.speak(utterance);
      });
    },
    pause() {
      if (status !== 'playing') return;
      synth.pause();
      setStatus('paused');
    },
    resume() {
      if (status !== 'paused') return;
      synth.resume();
      setStatus('playing');
    },
    stop() {
      generation += 1;
      synth.cancel();
      setStatus('idle');
    },
  };
}
