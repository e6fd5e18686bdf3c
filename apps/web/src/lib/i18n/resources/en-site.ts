/** English text of the public site's messages: contact, feedback, attributions (Canadian spelling; see en.ts). */
export const enSite = {
  home: {
    contactTitle: 'Talk to us',
    contactLead:
      'Questions about Hosewright, moving your $t(spelling.catalogue) over, or a fleet of machines to kit out: write to us and a person answers.',
  },
  contact: {
    company: 'Company (optional)',
    sending: 'Sending…',
    sent: 'Thank you, {{name}}. Your message is on its way to our team; we answer within one business day.',
    failed: 'Your message could not be sent: {{message}}',
  },
  support: {
    title: 'Share your feedback',
    subtitle: 'An idea, a problem, or something that works well: it reaches the people who build Hosewright.',
    category: 'What is it about?',
    categories: { idea: 'An idea', problem: 'A problem', praise: 'Something that works well' },
    message: 'Your feedback',
    send: 'Send feedback',
    sending: 'Sending…',
    thanks: 'Thank you. We read every message, and we will reply by email if we need to know more.',
    failed: 'Your feedback could not be sent: {{message}}',
    another: 'Send more feedback',
  },
  attributions: {
    title: 'Attributions',
    subtitle:
      'Hosewright is built on open-source software. These are the packages it ships with and their licences.',
    loading: 'Loading the list of packages…',
    failed: 'The list of packages could not be loaded.',
    count_one: '{{count}} package',
    count_other: '{{count}} packages',
    filter: 'Find a package',
    package: 'Package',
    version: 'Version',
    licence: 'Licence',
    none: 'No package matches “{{text}}”.',
  },
  configurator: {
    title: 'This configurator runs inside a hose shop’s website',
    lead: 'Hose shops that use Hosewright put this configurator on their own site. There, their customers choose a hose, its two ends and its length, see that every part fits, and send the assembly to the shop to be built.',
    visitor:
      'Looking for a hose? Open the configurator from your hose shop’s website, or call them with the part number printed on your old hose.',
    staff: 'Do you work at a shop that uses Hosewright? Sign in to build assemblies with your own library.',
    signIn: 'Sign in',
    features: 'What Hosewright does',
    developers: 'Putting it on your shop’s site: see “Embedding the configurator” in the API reference.',
    apiDocs: 'API reference',
  },
};
