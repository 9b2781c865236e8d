/**
 * The shared frame of every e-mail: one list of blocks renders both the HTML and the plain-text
 * alternative, so the two never drift apart. All interpolated values go through the `html` tag,
 * which escapes them; user data (names, addresses) can never inject markup.
 * HTML mail clients ignore stylesheets unevenly, hence inline styles and a presentation table.
 */
export const BRAND = 'Wonderful Books';

export interface TEmailContext {
  publicUrl: string;
  /** `${publicUrl}/unsubscribe?token=...` (or the page without a token when there is no account). */
  unsubscribeUrl: string;
  /** Transactional mail is sent whatever the preferences say, and the footer says so. */
  isTransactional: boolean;
  /**
   * Render the stored copy: one-time codes and secret links become placeholders, so staff reading the
   * outbox never see a live credential (docs/product/operations.md#e-mail-secrets). The recipient's
   * copy is rendered with this false.
   */
  redactSecrets: boolean;
}

export const HIDDEN_CODE = '[code hidden]';
const REDACTED = '[redacted]';

/** A one-time code as this copy of the mail may show it. */
export function shownCode(context: TEmailContext, code: string): string {
  return context.redactSecrets ? HIDDEN_CODE : code;
}

/** A secret link keeps its target route and parameter names; every parameter value is hidden. */
export function redactLink(url: string): string {
  const parsed = new URL(url);
  const names = [...new Set(parsed.searchParams.keys())];
  const query = names.length > 0 ? `?${names.map((name) => `${name}=${REDACTED}`).join('&')}` : '';
  return `${parsed.origin}${parsed.pathname}${query}`;
}

export interface TRenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** A template bound to its data, waiting for the per-recipient context the email service supplies. */
export type TEmailTemplate = (context: TEmailContext) => TRenderedEmail;

export type TEmailBlock =
  | { kind: 'paragraph'; text: string }
  /** A one-time code: always a secret, hidden in the stored copy. */
  | { kind: 'code'; label: string; code: string }
  /** `secret`: the link itself is a credential (reset, verification, unlock), hidden in the stored copy. */
  | { kind: 'button'; label: string; url: string; secret?: boolean }
  | { kind: 'facts'; rows: ReadonlyArray<readonly [label: string, value: string]> };

class SafeHtml {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]);
}

type HtmlValue = SafeHtml | string | number | null | undefined | false | readonly HtmlValue[];

function toHtml(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(toHtml).join('');
  return escapeHtml(String(value));
}

/** Tagged template: literal parts are trusted markup, every `${value}` is escaped unless it is already SafeHtml. */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  return new SafeHtml(
    strings.reduce((out, part, index) => out + part + (index < values.length ? toHtml(values[index]) : ''), ''),
  );
}

/** Links only ever point at the web: a template handed a javascript: or data: URL is a bug. */
function assertWebUrl(url: string): string {
  if (!/^https?:\/\//i.test(url))
    throw new Error(`E-mail links must be http(s) URLs, got ${JSON.stringify(url.slice(0, 40))}`);
  return url;
}

export function greeting(firstName: string | null | undefined): string {
  const name = firstName?.trim();
  return name ? `Hello ${name},` : 'Hello,';
}

const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const TEXT_COLOUR = '#1f2937';
const MUTED_COLOUR = '#4b5563';
const ACCENT = '#5b21b6';

function blockHtml(block: TEmailBlock): SafeHtml {
  switch (block.kind) {
    case 'paragraph':
      return html`<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:${TEXT_COLOUR};">${block.text}</p>`;
    case 'code':
      return html`<p style="margin:0 0 8px;font-size:16px;line-height:1.5;color:${TEXT_COLOUR};">${block.label}</p>
<p style="margin:0 0 24px;font-family:'SFMono-Regular',Consolas,'Liberation Mono',monospace;font-size:32px;font-weight:700;letter-spacing:6px;color:${TEXT_COLOUR};">${block.code}</p>`;
    case 'button':
      return html`<p style="margin:8px 0 24px;"><a href="${assertWebUrl(block.url)}" style="display:inline-block;padding:12px 24px;border-radius:6px;background:${ACCENT};color:#ffffff;font-size:16px;font-weight:600;text-decoration:none;">${block.label}</a></p>
<p style="margin:0 0 16px;font-size:14px;line-height:1.5;color:${MUTED_COLOUR};">If the button does not work, copy this address into your browser: <a href="${block.url}" style="color:${ACCENT};word-break:break-all;">${block.url}</a></p>`;
    case 'facts':
      return html`<table role="presentation" style="margin:0 0 16px;border-collapse:collapse;font-size:16px;line-height:1.5;color:${TEXT_COLOUR};">${block.rows.map(
        ([label, value]) =>
          html`<tr><th scope="row" style="padding:4px 16px 4px 0;text-align:left;font-weight:600;vertical-align:top;">${label}</th><td style="padding:4px 0;">${value}</td></tr>`,
      )}</table>`;
  }
}

function blockText(block: TEmailBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return block.text;
    case 'code':
      return `${block.label}\n\n    ${block.code}`;
    case 'button':
      return `${block.label}:\n${block.url}`;
    case 'facts':
      return block.rows.map(([label, value]) => `${label}: ${value}`).join('\n');
  }
}

function footerLines(context: TEmailContext): { reason: string; action: string } {
  return context.isTransactional
    ? {
        reason: `This is a service message about your ${BRAND} account, so it is sent regardless of your e-mail preferences.`,
        action: 'Choose which other e-mails you receive, or unsubscribe from them',
      }
    : {
        reason: `You are receiving this e-mail because of your ${BRAND} e-mail preferences.`,
        action: 'Unsubscribe or choose which e-mails you receive',
      };
}

function withSecretsShownFor(context: TEmailContext, block: TEmailBlock): TEmailBlock {
  if (!context.redactSecrets) return block;
  if (block.kind === 'code') return { ...block, code: HIDDEN_CODE };
  if (block.kind === 'button' && block.secret) return { ...block, url: redactLink(block.url) };
  return block;
}

export function renderEmail(options: {
  subject: string;
  /** Shown by inboxes next to the subject; hidden in the body. */
  preheader: string;
  heading: string;
  blocks: readonly TEmailBlock[];
  context: TEmailContext;
}): TRenderedEmail {
  const { subject, preheader, heading, blocks, context } = options;
  const footer = footerLines(context);
  const unsubscribeUrl = assertWebUrl(context.unsubscribeUrl);
  const homeUrl = assertWebUrl(context.publicUrl);

  const shownBlocks = blocks.map((block) => withSecretsShownFor(context, block));
  const text = [
    heading,
    '',
    ...shownBlocks.flatMap((block) => [blockText(block), '']),
    `The ${BRAND} team`,
    homeUrl,
    '',
    '--',
    footer.reason,
    `${footer.action}: ${unsubscribeUrl}`,
    '',
  ].join('\n');

  const body = html`<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${subject}</title>
</head>
<body style="margin:0;padding:0;background:#f3f4f6;">
<div style="display:none;max-height:0;overflow:hidden;">${preheader}</div>
<table role="presentation" width="100%" style="border-collapse:collapse;background:#f3f4f6;">
<tr><td style="padding:24px 12px;">
<table role="presentation" width="100%" style="max-width:600px;margin:0 auto;border-collapse:collapse;background:#ffffff;border-radius:8px;font-family:${FONT};">
<tr><td style="padding:24px 32px 0;font-size:20px;font-weight:700;color:${ACCENT};">${BRAND}</td></tr>
<tr><td style="padding:16px 32px 8px;">
<h1 style="margin:0 0 16px;font-size:24px;line-height:1.3;color:${TEXT_COLOUR};">${heading}</h1>
${shownBlocks.map(blockHtml)}
<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:${TEXT_COLOUR};">The ${BRAND} team</p>
</td></tr>
<tr><td style="padding:16px 32px 24px;border-top:1px solid #e5e7eb;font-size:13px;line-height:1.5;color:${MUTED_COLOUR};">
<p style="margin:0 0 8px;">${footer.reason}</p>
<p style="margin:0;"><a href="${unsubscribeUrl}" style="color:${ACCENT};">${footer.action}</a> · <a href="${homeUrl}" style="color:${ACCENT};">${BRAND}</a></p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  return { subject, text, html: body.value };
}

/** Dates in e-mails: British format, stated in UTC so every reader sees the same moment. */
export function formatEmailDate(date: Date): string {
  return `${new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(date)} UTC`;
}
