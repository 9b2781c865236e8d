/**
 * Draws the pages' markdown subset (shared/site-pages.ts parseMarkdown) as React elements: every string is a text
 * node, so nothing an admin writes can become markup or script; links are the parser's safe ones, inside the app
 * through the router, outside in a new tab.
 */
import { Link } from 'react-router-dom';
import { parseMarkdown, type TInline } from '@shared/site-pages';

/** Blocks and spans are positional text without an identity of their own: their place in the document is their key. */
function numbered<T>(items: T[]): { key: string; item: T }[] {
  return items.map((item, position) => ({ key: `p${position}`, item }));
}

function Inlines({ spans }: { spans: TInline[] }) {
  return (
    <>
      {numbered(spans).map(({ key, item: span }) => {
        if (span.kind === 'strong') return <strong key={key}>{span.text}</strong>;
        if (span.kind === 'text') return <span key={key}>{span.text}</span>;
        const className = 'font-medium text-primary underline underline-offset-4';
        return span.href.startsWith('/') ? (
          <Link key={key} to={span.href} className={className}>
            {span.text}
          </Link>
        ) : (
          <a
            key={key}
            href={span.href}
            className={className}
            rel="noopener noreferrer"
            target={span.href.startsWith('https:') ? '_blank' : undefined}
          >
            {span.text}
          </a>
        );
      })}
    </>
  );
}

export function Markdown({ source, headingOffset = 0 }: { source: string; headingOffset?: 0 | 1 }) {
  return (
    <div className="flex flex-col gap-3 leading-relaxed">
      {numbered(parseMarkdown(source)).map(({ key, item: block }) => {
        if (block.kind === 'heading') {
          const level = Math.min(block.level + headingOffset, 4);
          const Heading = `h${level}` as 'h2' | 'h3' | 'h4';
          return (
            <Heading
              key={key}
              className={
                level === 2 ? 'mt-4 font-serif text-2xl font-semibold' : 'mt-2 font-serif text-lg font-semibold'
              }
            >
              {block.text}
            </Heading>
          );
        }
        if (block.kind === 'list') {
          const List = block.ordered ? 'ol' : 'ul';
          return (
            <List key={key} className={block.ordered ? 'list-decimal space-y-1 pl-6' : 'list-disc space-y-1 pl-6'}>
              {numbered(block.items).map(({ key: itemKey, item }) => (
                <li key={itemKey}>
                  <Inlines spans={item} />
                </li>
              ))}
            </List>
          );
        }
        return (
          <p key={key}>
            <Inlines spans={block.inlines} />
          </p>
        );
      })}
    </div>
  );
}
