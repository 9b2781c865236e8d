import { describe, expect, it, vi } from 'vitest';
import { anchorText } from '@shared/highlights';
import { createReadAloud, isSpeechSupported, sentenceAt, splitIntoUtterances, type TSpeechSynth } from './read-aloud';
import { nextChapterPage } from './use-read-aloud-marker';
import { pageTextFromItems } from './use-read-aloud';

class FakeUtterance {
  text: string;
  voice: unknown = null;
  lang = '';
  rate = 1;
  onend: (() => void) | null = null;
  onerror: ((event: { error: string }) => void) | null = null;
  onstart: (() => void) | null = null;
  onboundary: ((event: { name: string; charIndex: number }) => void) | null = null;
  constructor(text: string) {
    this.text = text;
  }
}

function fakeSynth() {
  const spoken: FakeUtterance[] = [];
  const synth = {
    speak: vi.fn((u: SpeechSynthesisUtterance) => spoken.push(u as unknown as FakeUtterance)),
    cancel: vi.fn(),
    pause: vi.fn(),
    resume: vi.fn(),
    getVoices: () => [],
  } satisfies TSpeechSynth;
  return { synth, spoken };
}

describe('splitIntoUtterances', () => {
  it('groups sentences into parts no longer than the limit', () => {
    const text = `One. Two is here! Three? ${'Four words long sentence. '.repeat(20)}`;
    const parts = splitIntoUtterances(text, 60);
    expect(parts.every((part) => part.length <= 60)).toBe(true);
    expect(parts.join(' ').replace(/\s+/g, ' ')).toBe(text.replace(/\s+/g, ' ').trim());
    expect(parts[0]).toBe('One. Two is here! Three? Four words long sentence.');
  });

  it('cuts a very long sentence at spaces', () => {
    const parts = splitIntoUtterances('word '.repeat(100).trim(), 50);
    expect(parts.length).toBeGreaterThan(5);
    expect(parts.every((part) => part.length <= 50 && !part.startsWith(' '))).toBe(true);
  });

  it('gives nothing for blank text', () => {
    expect(splitIntoUtterances(' \n ')).toEqual([]);
  });
});

describe('createReadAloud', () => {
  const makeUtterance = (text: string) => new FakeUtterance(text) as unknown as SpeechSynthesisUtterance;

  it('queues the parts with the voice and rate, and reports finishing after the last one', () => {
    const { synth, spoken } = fakeSynth();
    const onStatus = vi.fn();
    const onFinished = vi.fn();
    const reader = createReadAloud({ synth, makeUtterance, onStatus, onFinished });
    const voice = { lang: 'en-GB', voiceURI: 'v1' } as SpeechSynthesisVoice;
    reader.speak('First sentence. Second sentence.', { voice, rate: 1.5 });
    expect(reader.status).toBe('playing');
    expect(spoken.length).toBeGreaterThan(0);
    expect(spoken.every((u) => u.rate === 1.5 && u.voice === voice && u.lang === 'en-GB')).toBe(true);
    spoken.at(-1)!.onend!();
    expect(onFinished).toHaveBeenCalledOnce();
    expect(onStatus.mock.calls.map(([status]) => status)).toEqual(['playing', 'idle']);
  });

  it('pauses, resumes and stops; a stopped page never reports finishing', () => {
    const { synth, spoken } = fakeSynth();
    const onFinished = vi.fn();
    const reader = createReadAloud({ synth, makeUtterance, onStatus: () => undefined, onFinished });
    reader.speak('Hello there.', { voice: null, rate: 1 });
    reader.pause();
    expect(synth.pause).toHaveBeenCalledOnce();
    expect(reader.status).toBe('paused');
    reader.resume();
    expect(reader.status).toBe('playing');
    reader.stop();
    expect(reader.status).toBe('idle');
    spoken.at(-1)!.onend!();
    expect(onFinished).not.toHaveBeenCalled();
  });

  it('ignores the end of an earlier page once a new one is speaking', () => {
    const { synth, spoken } = fakeSynth();
    const onFinished = vi.fn();
    const reader = createReadAloud({ synth, makeUtterance, onStatus: () => undefined, onFinished });
    reader.speak('Page one.', { voice: null, rate: 1 });
    const firstPageEnd = spoken.at(-1)!;
    reader.speak('Page two.', { voice: null, rate: 1 });
    firstPageEnd.onend!();
    expect(onFinished).not.toHaveBeenCalled();
  });

  it('moves on at once for an empty page, and stops on a speech error', () => {
    const { synth, spoken } = fakeSynth();
    const onFinished = vi.fn();
    const reader = createReadAloud({ synth, makeUtterance, onStatus: () => undefined, onFinished });
    reader.speak('   ', { voice: null, rate: 1 });
    expect(onFinished).toHaveBeenCalledOnce();
    reader.speak('Something to say.', { voice: null, rate: 1 });
    spoken.at(-1)!.onerror!({ error: 'synthesis-failed' });
    expect(reader.status).toBe('idle');
  });
});

describe('isSpeechSupported and page text', () => {
  it('needs both speechSynthesis and SpeechSynthesisUtterance', () => {
    expect(isSpeechSupported({})).toBe(false);
    expect(isSpeechSupported({ speechSynthesis: {} })).toBe(false);
    expect(isSpeechSupported({ speechSynthesis: {}, SpeechSynthesisUtterance: FakeUtterance })).toBe(true);
  });

  it('joins text items and keeps line ends', () => {
    expect(
      pageTextFromItems([{ str: 'Hello', hasEOL: true }, { str: 'world' }, { type: 'beginMarkedContent' }, null]),
    ).toBe('Hello\nworld');
  });
});

describe('the sentence being read', () => {
  const makeUtterance = (text: string) => new FakeUtterance(text) as unknown as SpeechSynthesisUtterance;

  it('speaks one sentence per utterance and reports each as it starts, with its place in the page text', () => {
    const { synth, spoken } = fakeSynth();
    const onSentence = vi.fn();
    const reader = createReadAloud({ synth, makeUtterance, onStatus: vi.fn(), onFinished: vi.fn(), onSentence });
    const page = 'It was late.\nThe keeper lit the lamp; the sea was calm! Was it?';
    reader.speak(page, { voice: null, rate: 1 });
    expect(spoken.map((u) => u.text)).toEqual([
      'It was late.',
      'The keeper lit the lamp; the sea was calm!',
      'Was it?',
    ]);
    spoken[1].onstart!();
    expect(onSentence).toHaveBeenLastCalledWith({
      text: 'The keeper lit the lamp; the sea was calm!',
      anchorStart: anchorText('It was late.').length,
    });
    // A 'sentence' boundary inside a long part moves the mark on; word boundaries do not.
    spoken[1].onboundary!({ name: 'word', charIndex: 4 });
    expect(onSentence).toHaveBeenCalledTimes(1);
    reader.stop();
    expect(onSentence).toHaveBeenLastCalledWith(null);
    // A cancelled utterance that starts late reports nothing.
    spoken[2].onstart!();
    expect(onSentence).toHaveBeenLastCalledWith(null);
  });

  it('finds the sentence around a boundary inside a part', () => {
    expect(sentenceAt('One two. Three four.', 10)).toEqual({ text: 'Three four.', offset: 9 });
    expect(sentenceAt('One two. Three four.', 2)).toEqual({ text: 'One two.', offset: 0 });
  });

  it('knows where the next chapter begins from the table of contents', () => {
    const entry = (page: number | null, children: never[] = []) => ({
      id: String(page),
      title: 't',
      dest: null,
      page,
      children,
    });
    const outline = [entry(1), { ...entry(10), children: [entry(14) as never] }, entry(30), entry(null)];
    expect(nextChapterPage(outline, 5)).toBe(10);
    expect(nextChapterPage(outline, 12)).toBe(14);
    expect(nextChapterPage(outline, 30)).toBeNull();
  });
});
