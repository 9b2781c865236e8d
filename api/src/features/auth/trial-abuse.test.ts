import { describe, expect, it } from 'vitest';
import { normaliseEmailForTrial } from './trial-abuse.service';

describe('normaliseEmailForTrial', () => {
  it.each([
    ['Jane.Doe+books@Gmail.com', 'janedoe@gmail.com'],
    ['j.a.n.e.doe@googlemail.com', 'janedoe@gmail.com'],
    ['sam+promo@outlook.com', 'sam@outlook.com'],
    ['sam+x@hotmail.co.uk', 'sam@hotmail.co.uk'],
    ['sam+x@icloud.com', 'sam@icloud.com'],
    ['sam+x@proton.me', 'sam@proton.me'],
    ['sam+x@yahoo.com', 'sam@yahoo.com'],
    // Dots matter outside Gmail; +tags are removed on every domain (anyone with a domain can invent them).
    ['first.last@outlook.com', 'first.last@outlook.com'],
    ['first.last+tag@example.com', 'first.last@example.com'],
    ['x+1@example.org', 'x@example.org'],
    // Provider aliases of one mailbox.
    ['ann@me.com', 'ann@icloud.com'],
    ['ann@mac.com', 'ann@icloud.com'],
    ['ann+x@protonmail.com', 'ann@proton.me'],
    ['ann@pm.me', 'ann@proton.me'],
    ['  MIXED@Example.COM ', 'mixed@example.com'],
  ])('%s → %s', (input, expected) => {
    expect(normaliseEmailForTrial(input).email).toBe(expected);
  });

  it('reports the domain', () => {
    expect(normaliseEmailForTrial('a@googlemail.com').domain).toBe('gmail.com');
  });
});
