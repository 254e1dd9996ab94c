/**
 * Privacy policy and terms of service as structured text, rendered by the page's dialogs.
 * A paragraph is plain text or a list of segments, where a segment may link to another
 * dialog on the page through an in-page anchor (`#terms`, `#contact`).
 */
export type LegalLink = { text: string; href: '#terms' | '#privacy' | '#contact' }
export type LegalParagraph = string | readonly (string | LegalLink)[]
type LegalSection = { heading: string; paragraphs: readonly LegalParagraph[] }
export type LegalDocument = {
  id: 'privacy' | 'terms'
  title: string
  /** ISO date, shown as a human date inside <time dateTime>. */
  effectiveDate: string
  effectiveDateLabel: string
  summary: string
  sections: readonly LegalSection[]
}

/** The specification fixes both policies' effective date. */
const LEGAL_EFFECTIVE_DATE = '2025-06-16'
const effectiveDateLabel = 'June 16, 2025'

export const PRIVACY: LegalDocument = {
  id: 'privacy',
  title: 'Privacy Policy',
  effectiveDate: LEGAL_EFFECTIVE_DATE,
  effectiveDateLabel,
  summary:
    'We collect as little as we can, use it only to run the Solodesk beta and answer you, and never sell it. This policy explains what we collect, why, how long we keep it and what you can ask of us.',
  sections: [
    {
      heading: 'What we collect',
      paragraphs: [
        'When you join the beta, we store the email address you enter and the time you joined.',
        'When you write to us through the contact form, we store your name, your email address, the subject you chose and your message.',
        'Where our own server delivers this page, it counts visits without cookies or any script: the hour, where the visit came from and the kind of device. To count a visitor once a day, it uses a fingerprint of your connection’s address and browser made with a random key that changes daily. Your address and browser are never stored; keys and fingerprints are deleted within 48 hours, leaving only counts.',
        'Your sign-up notes where your visit came from and your kind of device, unless your browser sends Global Privacy Control.',
        'We use no advertising trackers or third-party cookies, share no counts, and visitors do not need an account.',
        'For testers we also keep the phone, invitation, answers, feedback and any Google account given for Play, and delete them with the sign-up.',
      ],
    },
    {
      heading: 'Why we use it',
      paragraphs: [
        'We use your beta sign-up email to send you a welcome message, your access details and occasional early updates about Solodesk during the beta.',
        'We use contact form details only to read and answer your message and to improve the product based on your feedback.',
        'We never sell your data or share it with anyone for their own marketing.',
      ],
    },
    {
      heading: 'Who processes it for us',
      paragraphs: [
        'We rely on two kinds of service providers, who process data only on our instructions: a hosting and database provider, which runs this website and stores the sign-ups and messages, and an email delivery provider, which sends our emails to you.',
      ],
    },
    {
      heading: 'How long we keep it',
      paragraphs: [
        'We keep your sign-up email for as long as you take part in the beta. We delete it as soon as you leave, or within 30 days after the beta ends, unless you choose to keep using Solodesk. If we ask you to confirm your sign-up and you do not, we delete your address after 7 days.',
        'We keep contact messages for up to 12 months after we have answered them, so we can follow up on the same question, and then delete them.',
        'We keep visit counts, with no fingerprint, for up to 25 months.',
      ],
    },
    {
      heading: 'Your rights',
      paragraphs: [
        [
          'You can ask us to show, correct, export or delete the data we hold about you, or object to how we use it. ',
          { text: 'Contact us', href: '#contact' },
          ' and we will answer within 30 days. You may also complain to your local data protection authority.',
        ],
        'When we delete your data at your request, we delete your sign-up, your contact messages and every copy we hold of the emails we sent you or wrote about you, at once. As when you leave the beta (below), we then keep only a fingerprint of your address, so that nobody can sign it up again without your say.',
        'Our technical logs never record your address in clear: they name it only by a short fingerprint made with a secret key of ours, which cannot be turned back into your address.',
      ],
    },
    {
      heading: 'Leaving the beta',
      paragraphs: [
        'Every email we send contains a link to leave the beta. Confirming there deletes your sign-up and any email still waiting to be sent to you, at once.',
        [
          'So that leaving (or having your data deleted) lasts, even if someone enters your address on this page again, we then keep one thing: a fingerprint of your address made with a secret key of ours (a keyed hash). It cannot be turned back into your address; it only lets us recognise that same address if it is entered again, and then we store nothing and send nothing. We keep it for as long as we run the beta. If you want to join again, ',
          { text: 'contact us', href: '#contact' },
          ' and we will delete the fingerprint.',
        ],
      ],
    },
    {
      heading: 'Changes and terms',
      paragraphs: [
        [
          'If we change this policy, we will update the effective date above and, for important changes, tell beta members by email. Your use of the beta is also governed by our ',
          { text: 'Terms of Service', href: '#terms' },
          '.',
        ],
      ],
    },
  ],
}

export const TERMS: LegalDocument = {
  id: 'terms',
  title: 'Terms of Service',
  effectiveDate: LEGAL_EFFECTIVE_DATE,
  effectiveDateLabel,
  summary:
    'These terms apply to the Solodesk beta and this website. By joining the beta you agree to them. Please read them; they are short.',
  sections: [
    {
      heading: 'The beta',
      paragraphs: [
        'Solodesk is in beta. During the beta the app is free, and no credit card is required.',
        'The app is provided "as is" during the beta, without warranties of any kind. It may contain bugs, and it may occasionally be unavailable.',
      ],
    },
    {
      heading: 'Features may change',
      paragraphs: [
        'We are building Solodesk together with its beta members, so features may change, be added or be removed at any time. We will tell you about significant changes by email.',
      ],
    },
    {
      heading: 'Your content',
      paragraphs: [
        'What you put into Solodesk stays yours. Please keep your own copies of important information during the beta.',
        'Feedback you send us may be used to improve Solodesk without any obligation to you.',
      ],
    },
    {
      heading: 'Fair use',
      paragraphs: [
        'Do not misuse the app or this website: no attempts to break, overload or gain unauthorised access to them, and no unlawful use.',
      ],
    },
    {
      heading: 'Liability',
      paragraphs: [
        'To the extent the law allows, we are not liable for indirect or consequential losses arising from your use of the beta. Nothing in these terms limits rights you have under mandatory consumer law.',
      ],
    },
    {
      heading: 'Leaving and ending the beta',
      paragraphs: [
        'You can leave the beta at any time through the link in every email we send. We may end the beta or your access to it, and will tell you by email first where we can.',
      ],
    },
    {
      heading: 'Privacy and questions',
      paragraphs: [
        [
          'How we handle your data is described in our ',
          { text: 'Privacy Policy', href: '#privacy' },
          '. Questions about these terms? ',
          { text: 'Contact us', href: '#contact' },
          '.',
        ],
      ],
    },
  ],
}
