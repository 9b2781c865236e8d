import { BarChart3, BookMarked, MonitorSmartphone } from 'lucide-react';
import { Section, SectionHeader } from './section-header';

/** The three promised benefits (docs/product/README.md). */
const FEATURES = [
  {
    icon: BookMarked,
    title: 'Curated quality',
    body: 'Every title is chosen by our editors for real-world value, so you spend your reading time on books worth it.',
  },
  {
    icon: MonitorSmartphone,
    title: 'Read on any device',
    body: 'Start on your phone, carry on from your tablet or computer — your place is kept wherever you pick up.',
  },
  {
    icon: BarChart3,
    title: 'Reading analytics',
    body: 'See your reading habits, progress and achievements at a glance, and keep your goals on track.',
  },
] as const;

export function WhyChooseUs() {
  return (
    <Section labelledBy="why-title">
      <SectionHeader id="why-title" eyebrow="Why Wonderful Books" title="Why readers choose us">
        Everything you need to make reading a habit that sticks.
      </SectionHeader>
      <ul className="grid gap-6 md:grid-cols-3">
        {FEATURES.map(({ icon: Icon, title, body }) => (
          <li key={title} className="flex flex-col gap-3 rounded-xl border border-border bg-card p-6 shadow-sm">
            <span className="flex size-12 items-center justify-center rounded-lg bg-secondary text-primary">
              <Icon className="size-6" aria-hidden="true" />
            </span>
            <h3 className="font-serif text-xl font-semibold">{title}</h3>
            <p className="text-muted-foreground">{body}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
