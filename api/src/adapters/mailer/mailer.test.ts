import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createOutboxMailer } from './mailer';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

describe('the outbox mailer', () => {
  it('delivers nowhere by default', async () => {
    const result = await createOutboxMailer().deliver({
      to: 'a@example.com',
      subject: 's',
      text: 't',
      html: '<p>t</p>',
    });
    expect(result).toEqual({ transport: 'outbox', providerMessageId: null });
  });

  it("with a drop folder, writes each delivered message whole, readable only by this machine's user", async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-mail-'));
    folders.push(folder);
    const dropDir = path.join(folder, 'mail');
    const mailer = createOutboxMailer({ dropDir });
    const message = { to: 'reader@example.com', subject: 'Your code', text: 'Code: 123456', html: '<p>123456</p>' };
    await mailer.deliver(message);
    await mailer.deliver({ ...message, subject: 'Second' });
    const files = fs.readdirSync(dropDir).sort();
    expect(files).toHaveLength(2);
    expect(files.every((name) => name.endsWith('.json'))).toBe(true);
    const first = JSON.parse(fs.readFileSync(path.join(dropDir, files[0]), 'utf8'));
    expect(first).toEqual(message);
    expect(fs.statSync(path.join(dropDir, files[0])).mode & 0o777).toBe(0o600);
    expect(fs.statSync(dropDir).mode & 0o777).toBe(0o700);
  });
});
