/**
 * Read aloud with the Web Speech API: the page's text is split into one utterance per sentence
 * (Chrome cuts off a single long utterance after about 15 seconds, and a sentence per utterance tells
 * the reader which sentence is being read even where the voice sends no boundary events) and queued on
 * speechSynthesis. Each sentence is reported when its utterance starts, and again at a 'sentence'
 * boundary event inside a long one (docs/product/highlights.md#read-aloud).
 * The controller owns the play state and a generation number, so the end events of a cancelled
 * page never advance the new one. It is hidden entirely where speechSynthesis is missing.
 */
import { anchorText } from '@shared/highlights';

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

/** Sentences grouped into parts of at most `maxChars` (a longer sentence is cut at spaces); `group: false` keeps one sentence per part. */
export function splitIntoUtterances(
  text: string,
  maxChars = 220,
  { group = true }: { group?: boolean } = {},
): string[] {
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
    if (!group || current.length + sentence.length > maxChars) push();
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
  /**
   * The sentence being read (null when reading stops or ends), with where it starts in the page's
   * anchor text (shared/highlights anchorText), so the page can mark it.
   */
  onSentence?: (sentence: { text: string; anchorStart: number } | null) => void;
}

/** The sentence of `part` around character `index` (a boundary event's charIndex). */
export function sentenceAt(part: string, index: number): { text: string; offset: number } {
  const sentences = part.match(/[^.!?]+(?:[.!?]+["')\]]*|$)\s*/g) ?? [part];
  let offset = 0;
  for (const sentence of sentences) {
    if (index < offset + sentence.length) return { text: sentence.trim(), offset };
    offset += sentence.length;
  }
  return { text: part, offset: 0 };
}

export interface TReadAloudController {
  speak(text: string, settings: { voice: SpeechSynthesisVoice | null; rate: number }): void;
  pause(): void;
  resume(): void;
  stop(): void;
  readonly status: TReadAloudStatus;
}

export function createReadAloud(options: TReadAloudOptions): TReadAloudController {
  const { synth, onStatus, onFinished, onSentence } = options;
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
      const clean = text.replace(/\s+/g, ' ').trim();
      const parts = splitIntoUtterances(clean, 220, { group: false });
      if (parts.length === 0) {
        setStatus('idle');
        onSentence?.(null);
        onFinished();
        return;
      }
      setStatus('playing');
      let searchFrom = 0;
      parts.forEach((part, index) => {
        const utterance = makeUtterance(part);
        const at = clean.indexOf(part, searchFrom);
        const partStart = at === -1 ? searchFrom : at;
        searchFrom = partStart + part.length;
        const anchorStart = anchorText(clean.slice(0, partStart)).length;
        utterance.onstart = () => {
          if (mine === generation) onSentence?.({ text: part, anchorStart });
        };
        utterance.onboundary = (event) => {
          if (mine !== generation || event.name !== 'sentence' || event.charIndex === 0) return;
          const sentence = sentenceAt(part, event.charIndex);
          onSentence?.({
            text: sentence.text,
            anchorStart: anchorStart + anchorText(part.slice(0, sentence.offset)).length,
          });
        };
        if (voice) {
          utterance.voice = voice;
          utterance.lang = voice.lang;
        }
        utterance.rate = rate;
        if (index === parts.length - 1) {
          utterance.onend = () => {
            if (mine !== generation) return;
            setStatus('idle');
            onSentence?.(null);
            onFinished();
          };
        }
        utterance.onerror = (event) => {
          // 'interrupted' and 'canceled' are our own stop or a newer page taking over.
          if (mine !== generation || event.error === 'interrupted' || event.error === 'canceled') return;
          generation += 1;
          synth.cancel();
          setStatus('idle');
          onSentence?.(null);
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
      onSentence?.(null);
    },
  };
}
