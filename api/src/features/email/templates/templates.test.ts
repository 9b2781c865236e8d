import { describe, expect, it } from 'vitest';
import {
  emailChangedEmail,
  emergencyLoginAlertEmail,
  escapeHtml,
  passwordResetEmail,
  renderEmail,
  verificationCodeEmail,
  welcomeEmail,
  type TEmailContext,
  type TEmailTemplate,
} from '.';

const context: TEmailContext = {
  publicUrl: 'https://books.example.com',
  unsubscribeUrl: 'https://books.example.com/unsubscribe?token=abc123',
  isTransactional: true,
  redactSecrets: false,
};
const hostile = '<script>alert("x")</script>';

const templates: Array<[string, TEmailTemplate, string[]]> = [
  [
    'verification code',
    verificationCodeEmail({ firstName: hostile, code: '482913', expiresInMinutes: 10 }),
    ['482913', '10 minutes'],
  ],
  [
    'password reset',
    passwordResetEmail({
      firstName: hostile,
      resetUrl: 'https://books.example.com/auth/reset-password?token=t0k3n',
      expiresInMinutes: 60,
    }),
    ['https://books.example.com/auth/reset-password?token=t0k3n', '60 minutes'],
  ],
  [
    'welcome',
    welcomeEmail({ firstName: hostile, trialDays: 7 }),
    ['7-day free trial', 'https://books.example.com/dashboard'],
  ],
  [
    'e-mail changed',
    emailChangedEmail({
      firstName: hostile,
      oldEmail: 'old@example.com',
      newEmail: 'new@example.com',
      changedAt: new Date('2026-03-01T09:30:00Z'),
    }),
    ['old@example.com', 'new@example.com', '1 March 2026'],
  ],
  [
    'emergency login alert',
    emergencyLoginAlertEmail({
      firstName: hostile,
      accountEmail: 'root@example.com',
      ipAddress: '203.0.113.9',
      at: new Date('2026-03-01T09:30:00Z'),
    }),
    ['root@example.com', '203.0.113.9', '1 March 2026'],
  ],
];

describe.each(templates)('%s e-mail', (_name, template, mustContain) => {
  const rendered = template(context);

  it('has a branded subject, an HTML body and a plain-text alternative with the same facts', () => {
    expect(rendered.subject).toContain('Wonderful Books');
    expect(rendered.html).toMatch(/^<!doctype html>/);
    expect(rendered.html).toContain('<html lang="en-GB">');
    expect(rendered.html).toContain(`<title>${escapeHtml(rendered.subject)}</title>`);
    for (const fact of mustContain) {
      expect(rendered.text).toContain(fact);
      expect(rendered.html).toContain(escapeHtml(fact));
    }
    expect(rendered.text.replaceAll(hostile, '')).not.toMatch(/<[a-z]/i);
  });

  it('escapes user data in the HTML', () => {
    expect(rendered.html).not.toContain('<script>');
    expect(rendered.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    // Plain text is not HTML: the name appears as typed there.
    expect(rendered.text).toContain(`Hello ${hostile},`);
  });

  it('links to the unsubscribe page and says transactional mail ignores preferences', () => {
    expect(rendered.html).toContain('href="https://books.example.com/unsubscribe?token=abc123"');
    expect(rendered.text).toContain('https://books.example.com/unsubscribe?token=abc123');
    expect(rendered.text).toContain('sent regardless of your e-mail preferences');
  });
});

describe('layout', () => {
  it('uses the preferences wording for non-transactional mail', () => {
    const rendered = renderEmail({
      subject: 'News',
      preheader: 'News',
      heading: 'News',
      blocks: [{ kind: 'paragraph', text: 'Hello' }],
      context: { ...context, isTransactional: false },
    });
    expect(rendered.text).not.toContain('regardless');
    expect(rendered.text).toContain(
      'Unsubscribe or choose which e-mails you receive: https://books.example.com/unsubscribe?token=abc123',
    );
  });

  it('greets without a name when there is none', () => {
    expect(verificationCodeEmail({ firstName: null, code: '000111', expiresInMinutes: 10 })(context).text).toContain(
      'Hello,\n',
    );
  });

  it('refuses links that are not http(s)', () => {
    const template = passwordResetEmail({ firstName: 'Ada', resetUrl: 'javascript:alert(1)', expiresInMinutes: 60 });
    expect(() => template(context)).toThrow(/http\(s\)/);
  });
});
