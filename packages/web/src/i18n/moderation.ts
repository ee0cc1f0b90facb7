/**
 * Texts of the moderators' screen (Moderation.tsx, docs/chat.md), German and English; mounted as
 * `moderation` with its chunk. The header's link text is mounted at once (moderator.ts), it is tiny.
 */
export const MODERATION_LINK_DE = { link: 'Meldungen' };
export const MODERATION_LINK_EN: typeof MODERATION_LINK_DE = { link: 'Reports' };

export const MODERATION_DE = {
  title: 'Meldungen im Chat',
  notModerator: 'Diese Seite ist für die Moderatoren des Servers.',
  signIn: 'Melde dich als Moderator an.',
  none: 'Keine offenen Meldungen.',
  loading: 'Meldungen werden geladen …',
  reported: 'Gemeldet von {{name}} am {{date}}',
  reason: 'Grund: {{reason}}',
  noReason: 'ohne Grund',
  table: 'Tisch ansehen',
  writer: 'Geschrieben von {{name}}',
  barred: 'im Chat gesperrt',
  hiddenMark: '(ausgeblendet)',
  removed: '(entfernt)',
  gone: 'Die Nachricht gibt es nicht mehr.',
  watcher: 'Zuschauer',
  context: 'Davor',
  message: 'Gemeldete Nachricht',
  hide: 'Ausblenden',
  bar: 'Im Chat sperren',
  unbar: 'Sperre aufheben',
  dismiss: 'Meldung verwerfen',
  didHide: 'Die Nachricht ist ausgeblendet.',
  didBar: '{{name}} ist im Chat gesperrt.',
  didUnbar: 'Die Sperre von {{name}} ist aufgehoben.',
  didDismiss: 'Die Meldung ist verworfen.',
  reload: 'Neu laden',
};

export const MODERATION_EN: typeof MODERATION_DE = {
  title: 'Chat reports',
  notModerator: 'This page is for the server’s moderators.',
  signIn: 'Sign in as a moderator.',
  none: 'No open reports.',
  loading: 'Loading reports …',
  reported: 'Reported by {{name}} on {{date}}',
  reason: 'Reason: {{reason}}',
  noReason: 'no reason given',
  table: 'Watch the table',
  writer: 'Written by {{name}}',
  barred: 'barred from chat',
  hiddenMark: '(hidden)',
  removed: '(removed)',
  gone: 'The message no longer exists.',
  watcher: 'spectator',
  context: 'Before it',
  message: 'Reported message',
  hide: 'Hide',
  bar: 'Bar from chat',
  unbar: 'Lift the bar',
  dismiss: 'Dismiss the report',
  didHide: 'The message is hidden.',
  didBar: '{{name}} is barred from chat.',
  didUnbar: '{{name}}’s bar is lifted.',
  didDismiss: 'The report is dismissed.',
  reload: 'Reload',
};
