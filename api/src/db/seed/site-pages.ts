/**
 * The footer's static pages as first written (docs/product/site-content.md#static-pages): inserted only when missing,
 * admins edit them afterwards. What the Privacy policy says the service stores matches what the code stores:
 * docs/product/trial-policy.md (fingerprints, addresses), docs/product/accounts.md (sessions, deletion, export),
 * docs/product/reading-stats.md (reading events), docs/product/back-office.md (e-mail outbox, audit log).
 */
import type { TSitePage, TSitePageKey } from '@shared/site-pages';

export const SITE_PAGE_SEEDS: Record<TSitePageKey, TSitePage> = {
  help: {
    title: 'Help Centre',
    summary: 'Answers about plans, picking books, offline reading, copying and billing. Search or browse by topic.',
    body: "Can't find your answer? [Contact us](/contact) and we will reply by e-mail.",
    faq: [
      {
        topic: 'plans',
        question: 'What plans are there?',
        answer:
          'Every new reader starts with a **7-day free trial** with 3 books. **Basic** gives you 10 picks per billing cycle and offline reading on 2 devices. **Premium** opens every book in the library, offline reading on 5 devices and early access to new releases. See [Plans and pricing](/subscribe).',
      },
      {
        topic: 'plans',
        question: 'What happens when my trial ends?',
        answer:
          'You keep your account, your library list and your reading progress. To keep reading, choose Basic or Premium; your picks and places are still there when you do.',
      },
      {
        topic: 'plans',
        question: 'Why was I not given a free trial?',
        answer:
          'There is one free trial per person. We look at several signals together (your e-mail address, phone number, and more weakly your device and network) so that families and people with the same phone still get their own trial. If we decline a trial we say so, and you can still subscribe.',
      },
      {
        topic: 'picks-and-locks',
        question: 'What is a pick?',
        answer:
          'On the trial and on Basic you choose the books you read: each choice is a pick. The trial has 3 picks; Basic has 10 per billing cycle, and a new cycle gives you 10 new picks. Premium readers do not need picks.',
      },
      {
        topic: 'picks-and-locks',
        question: 'Why can I not swap a book I picked?',
        answer:
          'Each pick is **locked for 30 days**: the book stays in your picks and cannot be swapped for another until the lock ends. The book page shows when its lock ends.',
      },
      {
        topic: 'offline',
        question: 'How do I read offline?',
        answer:
          'On [Devices](/devices), register this browser as an offline device, then use **Download for offline** on a book. Downloads are stored encrypted in your browser and open without a connection from [Offline](/offline). Basic allows 2 offline devices and Premium 5; the trial has none.',
      },
      {
        topic: 'offline',
        question: 'How long do downloads last?',
        answer:
          'An offline licence lasts until the loan ends, your paid period ends or 30 days pass, whichever comes first, and renews by itself while you are online. Removing a device, returning a book or a lapsed plan removes the downloads the next time the device is online. A device not seen for 90 days is removed automatically.',
      },
      {
        topic: 'copy-limit',
        question: 'Can I copy text from a book?',
        answer:
          'Yes, for notes and quotes: you may copy up to **40% of a book’s text** in total. The reader shows how much you have used. Printing is not available, and every page carries a watermark with your name and e-mail.',
      },
      {
        topic: 'billing',
        question: 'How do I change or cancel my plan?',
        answer:
          'Go to [Billing](/billing). You can change plan, cancel (you keep access until the end of the period you paid for) or resume a cancelled plan before it ends. Receipts for every invoice are there too.',
      },
      {
        topic: 'billing',
        question: 'What happens if a payment fails?',
        answer:
          'We e-mail you and keep your access for a **3-day grace period** while you update your card. After that, reading pauses until a payment succeeds.',
      },
      {
        topic: 'account',
        question: 'How do I download or delete my data?',
        answer:
          'On your [Profile](/profile) you can export everything we hold about you as a file, or delete your account. Deletion removes your account and your reading data at once.',
      },
    ],
  },
  about: {
    title: 'About Wonderful Books',
    summary: 'A reading service for books that help you grow, on every device you own.',
    body: [
      '## What we do',
      'Wonderful Books is a subscription library of self-improvement, business, faith, mindset and other non-fiction books. You read in the browser on your phone, tablet or computer, your place follows you from one device to the next, and you can keep books for offline reading on the devices you register.',
      '## How it works',
      '- Start with a 7-day free trial and choose 3 books.\n- Stay on Basic for 10 books a cycle, or Premium for the whole library.\n- Read online or offline; bookmarks and progress sync when you are back online.',
      '## Authors and publishers',
      'Books are stored encrypted and opened only for readers whose plan allows them. Pages carry the reader’s watermark and copying is limited, so that authors are paid for the reading that happens here.',
    ].join('\n\n'),
    faq: [],
  },
  contact: {
    title: 'Contact us',
    summary: 'Questions, problems or ideas: tell us and the team will reply.',
    body: [
      '## Signed in?',
      'Use the form on this page, or the **Feedback** button at the bottom of any page. It sends the page you were on and your device details with your message, so we can help faster. You will see our reply on your [Feedback](/feedback) page and by e-mail.',
      '## Not signed in?',
      '[Sign in](/auth/login) to send us a message. If you cannot sign in, use [Forgot password](/auth/forgot-password) or write to [support@wonderfulbooks.example](mailto:support@wonderfulbooks.example).',
      'Premium readers’ messages are answered first.',
    ].join('\n\n'),
    faq: [],
  },
  privacy: {
    title: 'Privacy policy',
    summary: 'What Wonderful Books stores about you, why, and for how long.',
    body: [
      '## Your account',
      'Your name, username, e-mail address and phone number, so that you can sign in, we can reach you and we can give one free trial per person. Your password is stored only as a one-way hash. A profile picture is stored if you upload one.',
      '## Device fingerprint',
      'When you sign up, your browser sends a short fingerprint made from its type, platform, screen size and time zone. It is stored with your account and with our record of free trials and sign-up attempts, and is used only as a weak signal in deciding one trial per person: on its own it never refuses a trial.',
      '## IP addresses and browsers',
      '- Each signed-in session keeps the IP address and browser it was started from, so you and our support team can recognise and end sessions. Sessions end after 14 days without use or 30 days in all, and ended sessions are deleted within the hour.\n- Sign-ups and failed sign-ins are counted per IP address to stop abuse. Failed sign-ins are forgotten 24 hours after the last one, and rate-limit counts after 31 days.\n- Changes to accounts, plans and security events are written to an audit log with the IP address and browser. The audit log cannot be changed or deleted, so that it can be trusted.',
      '## Reading',
      'Your place in each book, bookmarks and reading events (when you read, for how long and which pages) are stored so that your place follows you across devices and your dashboard can show your reading. We count the text you copy from each book to apply the copy limit. Offline devices you register keep a public key and a name.',
      '## E-mail',
      'Every e-mail we send (sign-up codes, receipts, reminders, replies to your feedback) is kept in our e-mail log with its type, subject and delivery status. Codes and one-time links are never shown to our staff. You choose which non-essential e-mails you receive in your e-mail preferences.',
      '## Payments',
      'Card payments are handled by our payment provider; card numbers never reach us. We keep your subscription, invoices and receipts. Financial records are kept after an account is deleted, without the link to you, because the law requires it.',
      '## Your rights',
      '- Export everything we hold about you from your [Profile](/profile).\n- Delete your account from your Profile: your account, sessions, library, progress, bookmarks, loans, devices, reviews and e-mail log are deleted at once.\n- Ask us anything through [Contact](/contact).',
    ].join('\n\n'),
    faq: [],
  },
  terms: {
    title: 'Terms of service',
    summary: 'The rules of using Wonderful Books: your plan, the books and fair use.',
    body: [
      '## Your account',
      'You need an account to read. Keep your password to yourself; you are responsible for what happens under your account. One free trial per person.',
      '## Plans and payment',
      'The trial lasts 7 days. Basic and Premium renew each period until you cancel; a cancelled plan keeps working until the end of the period you paid for. Prices are shown on [Plans and pricing](/subscribe); a price change applies from your next renewal.',
      '## The books',
      '- Books are licensed to you for personal reading while your plan allows, not sold.\n- On the trial and Basic, each book you pick stays locked to your picks for 30 days.\n- You may copy up to 40% of a book’s text for personal notes; printing and sharing books or downloads are not allowed.\n- Offline downloads work only on the devices you register and stop when your plan or loan ends.',
      '## Fair use',
      'Do not try to get around the copy limit, the watermarks, the device limits or the encryption, and do not create accounts to get extra trials. We may end access to a book or an account that breaks these terms, and we tell you why.',
      '## Changes',
      'We may change these terms; we tell you by e-mail before a change that affects you takes effect. Questions: [Contact us](/contact).',
    ].join('\n\n'),
    faq: [],
  },
};
