/**
 * The scanner behind bundle-scan.test.ts: finds e-mail addresses and e-mail-based authorisation in a
 * JavaScript source (see that test for what it looks for and why).
 */

/**
 * Exact strings that may appear although they look like addresses. Each needs a comment saying why it
 * cannot grant anything (e.g. an input placeholder).
 */
const ALLOWED_LITERALS: ReadonlySet<string> = new Set<string>([
  // pdf.js's worker (pdfjs-dist, vendored as built) carries a scrambled data table; this run of its
  // bytes happens to look like an address. It is data inside the PDF parser, never compared with a user.
  'jm@kbswfq.pkbgltMlwbaof',
]);

export interface TFinding {
  file: string;
  kind: 'email-literal' | 'email-domain-literal' | 'email-comparison' | 'email-list-lookup' | 'email-domain-check';
  match: string;
  /** Some characters around the match, for the failure message. */
  context: string;
}

const EMAIL =
  /[A-Za-z0-9._%+-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}/g;
/** A string literal that is only `@domain.tld`, e.g. for `email.endsWith("@corp.com")`. */
const DOMAIN_LITERAL = /(["'`])@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}\1/g;
/** An identifier/member chain ending in "email" (any case), optionally followed by `.toLowerCase()` etc. */
const EMAIL_EXPR = String.raw`[\w$.]*email(?:\s*\.\s*\w+\(\s*\))*`;
const LITERAL = String.raw`(["'\x60])((?:\\.|(?!\1)[^\\])*)\1`;
const LITERAL_AFTER_EMAIL = new RegExp(
  String.raw`(${EMAIL_EXPR})\s*[!=]==?\s*${LITERAL.replaceAll('\\1', '\\2')}`,
  'gi',
);
const LITERAL_BEFORE_EMAIL = new RegExp(String.raw`${LITERAL}\s*[!=]==?\s*(${EMAIL_EXPR})\b`, 'gi');
const LIST_LOOKUP = new RegExp(String.raw`\.\s*(?:includes|indexOf|has)\(\s*${EMAIL_EXPR}\s*[,)]`, 'gi');
const DOMAIN_CHECK = new RegExp(String.raw`${EMAIL_EXPR}\s*\.\s*endsWith\(`, 'gi');
/** What `typeof` can answer: `typeof t.email === "string"` is a shape check, not authorisation. */
const TYPEOF_NAMES = new Set(['string', 'number', 'bigint', 'boolean', 'symbol', 'undefined', 'object', 'function']);

/** Turns `\x40`, `\u0040` and `\u{40}` back into '@' so escaped addresses are found too. */
function unescapeAt(source: string): string {
  return source.replace(/\\x40|\\u0040|\\u\{0*40\}/gi, '@');
}

function contextOf(source: string, index: number, length: number): string {
  return source.slice(Math.max(0, index - 60), index + length + 60).replace(/\s+/g, ' ');
}

/** Every suspicious e-mail use in one JavaScript source; pure, so it is unit-tested on its own. */
export function scanJavaScript(rawSource: string, file = '<inline>'): TFinding[] {
  const source = unescapeAt(rawSource);
  const findings: TFinding[] = [];
  const add = (kind: TFinding['kind'], match: RegExpExecArray) =>
    findings.push({ file, kind, match: match[0], context: contextOf(source, match.index, match[0].length) });

  for (const match of source.matchAll(EMAIL)) {
    if (!ALLOWED_LITERALS.has(match[0])) add('email-literal', match);
  }
  for (const match of source.matchAll(DOMAIN_LITERAL)) add('email-domain-literal', match);
  for (const match of source.matchAll(LITERAL_AFTER_EMAIL)) {
    const literal = match[3];
    const before = source.slice(Math.max(0, match.index - 7), match.index);
    const isTypeofCheck = /typeof\s*$/.test(before) && TYPEOF_NAMES.has(literal);
    if (literal !== '' && !isTypeofCheck) add('email-comparison', match);
  }
  for (const match of source.matchAll(LITERAL_BEFORE_EMAIL)) {
    if (match[2] !== '' && !TYPEOF_NAMES.has(match[2])) add('email-comparison', match);
  }
  for (const match of source.matchAll(LIST_LOOKUP)) add('email-list-lookup', match);
  for (const match of source.matchAll(DOMAIN_CHECK)) add('email-domain-check', match);
  return findings;
}
